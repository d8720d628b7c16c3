# glob.py - CPython's glob / iglob / escape / has_magic over os.scandir and fnmatch; the
# results are lists (iglob returns an iterator over one), in directory order as CPython.
import os
import fnmatch

__all__ = ['glob', 'iglob', 'escape', 'has_magic']


def has_magic(s):
    return '*' in s or '?' in s or '[' in s


def _ishidden(p):
    return p[:1] == '.'


def _isrecursive(p):
    return p == '**'


def _listdir(dirname, dironly):
    try:
        with os.scandir(dirname or '.') as it:
            return [e.name for e in it if not dironly or e.is_dir()]
    except OSError:
        return []


def _lexists(p):
    return os.path.lexists(p)


def _glob1(dirname, pattern, dironly):
    names = _listdir(dirname, dironly)
    if not _ishidden(pattern):
        names = [x for x in names if not _ishidden(x)]
    return fnmatch.filter(names, pattern)


def _glob0(dirname, basename, dironly):
    if basename:
        if _lexists(os.path.join(dirname, basename)):
            return [basename]
    else:
        if os.path.isdir(dirname):
            return [basename]
    return []


def _rlistdir(dirname, dironly, out, prefix):
    for x in _listdir(dirname, dironly):
        if not _ishidden(x):
            rel = os.path.join(prefix, x) if prefix else x
            out.append(rel)
            path = os.path.join(dirname, x) if dirname else x
            if os.path.isdir(path):
                _rlistdir(path, dironly, out, rel)


def _glob2(dirname, pattern, dironly):
    out = ['']
    _rlistdir(dirname, dironly, out, '')
    return out


def _iglob(pathname, root_dir, dironly, recursive):
    dirname, basename = os.path.split(pathname)
    if not has_magic(pathname):
        if basename:
            if _lexists(_join(root_dir, pathname)):
                return [pathname]
        else:
            if os.path.isdir(_join(root_dir, dirname)):
                return [pathname]
        return []
    if not dirname:
        if recursive and _isrecursive(basename):
            return _glob2(root_dir, basename, dironly)
        return _glob1(root_dir, basename, dironly)
    if dirname != pathname and has_magic(dirname):
        dirs = _iglob(dirname, root_dir, True, recursive)
    else:
        dirs = [dirname]
    if has_magic(basename):
        if recursive and _isrecursive(basename):
            fn = _glob2
        else:
            fn = _glob1
    else:
        fn = _glob0
    out = []
    for d in dirs:
        for name in fn(_join(root_dir, d), basename, dironly):
            out.append(os.path.join(d, name))
    return out


def _join(a, b):
    if not a or not b:
        return a or b
    return os.path.join(a, b)


def glob(pathname, *, root_dir=None, dir_fd=None, recursive=False):
    pathname = os.fspath(pathname)
    if root_dir is not None:
        root_dir = os.fspath(root_dir)
    else:
        root_dir = ''
    r = _iglob(pathname, root_dir, False, recursive)
    if recursive and _isrecursive(pathname) and r and r[0] == '':
        r = r[1:]
    return r


def iglob(pathname, *, root_dir=None, dir_fd=None, recursive=False):
    return iter(glob(pathname, root_dir=root_dir, recursive=recursive))


def escape(pathname):
    out = []
    for c in pathname:
        if c in '*?[':
            out.append('[' + c + ']')
        else:
            out.append(c)
    return ''.join(out)
