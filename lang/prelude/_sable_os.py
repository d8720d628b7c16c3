# _sable_os.py - the parts of os and os.path written in Sable over the C ones (lang/stdlib/mod_os.c,
# mod_posix.c): os.PathLike arguments, stat results, walk, scandir, and the pure path functions.
import _sable_posix as _px

F_OK = 0
R_OK = 4
W_OK = 2
X_OK = 1


def fspath(p):
    if isinstance(p, str):
        return p
    f = getattr(type(p), '__fspath__', None)
    if f is None:
        raise TypeError('expected str, bytes or os.PathLike object, not ' + type(p).__name__)
    r = p.__fspath__()
    if not isinstance(r, str):
        raise TypeError('expected ' + type(p).__name__ + '.__fspath__() to return str or bytes, not ' + type(r).__name__)
    return r


def _soft(p):
    if isinstance(p, str):
        return p
    if getattr(type(p), '__fspath__', None) is not None:
        return p.__fspath__()
    return p


_FIELDS = ('st_mode', 'st_ino', 'st_dev', 'st_nlink', 'st_uid', 'st_gid', 'st_size')


class stat_result:
    def __init__(self, t):
        self._t = tuple(t)
        self.st_mode, self.st_ino, self.st_dev, self.st_nlink, self.st_uid, self.st_gid, self.st_size = t[:7]
        self.st_atime, self.st_mtime, self.st_ctime = t[7], t[8], t[9]
        self.st_atime_ns = int(round(t[7] * 1e9))
        self.st_mtime_ns = int(round(t[8] * 1e9))
        self.st_ctime_ns = int(round(t[9] * 1e9))

    def __getitem__(self, i):
        return (self._t[:7] + (int(self._t[7]), int(self._t[8]), int(self._t[9])))[i]

    def __len__(self):
        return 10

    def __iter__(self):
        return iter(self._t[:7] + (int(self._t[7]), int(self._t[8]), int(self._t[9])))

    def __eq__(self, o):
        return isinstance(o, stat_result) and o._t == self._t

    def __repr__(self):
        parts = [n + '=' + str(getattr(self, n)) for n in _FIELDS]
        parts.append('st_atime=' + str(int(self.st_atime)))
        parts.append('st_mtime=' + str(int(self.st_mtime)))
        parts.append('st_ctime=' + str(int(self.st_ctime)))
        return 'os.stat_result(' + ', '.join(parts) + ')'


def stat(path, *, follow_symlinks=True):
    return stat_result(_px.stat(fspath(path), follow_symlinks))


def lstat(path):
    return stat_result(_px.stat(fspath(path), False))


def _isdir_mode(m):
    return (m & 0o170000) == 0o040000


def _isreg_mode(m):
    return (m & 0o170000) == 0o100000


def _islnk_mode(m):
    return (m & 0o170000) == 0o120000


class DirEntry:
    def __init__(self, name, path):
        self.name = name
        self.path = path
        self._st = None
        self._lst = None

    def _stat(self, follow):
        try:
            if follow:
                if self._st is None:
                    self._st = _px.stat(self.path, True)
                return self._st
            if self._lst is None:
                self._lst = _px.stat(self.path, False)
            return self._lst
        except FileNotFoundError:
            return None

    def is_dir(self, *, follow_symlinks=True):
        s = self._stat(follow_symlinks)
        return s is not None and _isdir_mode(s[0])

    def is_file(self, *, follow_symlinks=True):
        s = self._stat(follow_symlinks)
        return s is not None and _isreg_mode(s[0])

    def is_symlink(self):
        s = self._stat(False)
        return s is not None and _islnk_mode(s[0])

    def stat(self, *, follow_symlinks=True):
        return stat_result(_px.stat(self.path, follow_symlinks))

    def inode(self):
        return self._stat(False)[1]

    def __fspath__(self):
        return self.path

    def __repr__(self):
        return '<DirEntry ' + repr(self.name) + '>'


class _ScandirIterator:
    def __init__(self, path, names):
        self._path = path
        self._names = names
        self._i = 0

    def __iter__(self):
        return self

    def __next__(self):
        if self._i >= len(self._names):
            raise StopIteration
        n = self._names[self._i]
        self._i += 1
        if self._path == '.':
            return DirEntry(n, n)
        return DirEntry(n, _join(self._path, n))

    def close(self):
        self._i = len(self._names)

    def __enter__(self):
        return self

    def __exit__(self, *a):
        self.close()
        return False


def _join(a, *p):
    r = a
    for b in p:
        if b.startswith('/'):
            r = b
        elif r == '' or r.endswith('/'):
            r = r + b
        else:
            r = r + '/' + b
    return r


class _Walk:
    def __init__(self, os, top, topdown, onerror, followlinks):
        self._os = os
        self._topdown = topdown
        self._onerror = onerror
        self._follow = followlinks
        self._stack = [top]
        self._last = None
        self._done = []
        if not topdown:
            self._done = self._bottom_up(top)
            self._stack = []

    def _list(self, top):
        try:
            entries = list(self._os.scandir(top))
        except OSError as e:
            if self._onerror is not None:
                self._onerror(e)
            return None
        dirs = []
        files = []
        links = []
        for e in entries:
            if e.is_dir():
                dirs.append(e.name)
                links.append(e.is_symlink())
            else:
                files.append(e.name)
        return dirs, files, links

    def _bottom_up(self, top):
        out = []
        r = self._list(top)
        if r is None:
            return out
        dirs, files, links = r
        for d, ln in zip(dirs, links):
            if self._follow or not ln:
                out.extend(self._bottom_up(_join(top, d)))
        out.append((top, dirs, files))
        return out

    def __iter__(self):
        return self

    def __next__(self):
        if not self._topdown:
            if not self._done:
                raise StopIteration
            return self._done.pop(0)
        if self._last is not None:
            top, dirs = self._last
            self._last = None
            for d in reversed(dirs):
                p = _join(top, d)
                if self._follow or not _islnk_mode(_lmode(p)):
                    self._stack.append(p)
        while self._stack:
            top = self._stack.pop()
            r = self._list(top)
            if r is None:
                continue
            dirs, files, links = r
            self._last = (top, dirs)
            return top, dirs, files
        raise StopIteration


def _lmode(p):
    try:
        return _px.stat(p, False)[0]
    except OSError:
        return 0


# ---- os.path, pure --------------------------------------------------------------------------
def normpath(path):
    path = fspath(path)
    if path == '':
        return '.'
    initial = 0
    if path.startswith('/'):
        initial = 1
        if path.startswith('//') and not path.startswith('///'):
            initial = 2
    comps = path.split('/')
    new = []
    for c in comps:
        if c == '' or c == '.':
            continue
        if c != '..' or (not initial and not new) or (new and new[-1] == '..'):
            new.append(c)
        elif new:
            new.pop()
    path = '/'.join(new)
    if initial:
        path = '/' * initial + path
    return path or '.'


def isabs(s):
    return fspath(s).startswith('/')


def commonprefix(m):
    if not m:
        return ''
    if not isinstance(m[0], (list, tuple)):
        m = [fspath(x) for x in m]
    s1 = min(m)
    s2 = max(m)
    for i in range(len(s1)):
        if s1[i] != s2[i]:
            return s1[:i]
    return s1


def _make_path_part(os, path):
    def abspath(p):
        p = fspath(p)
        if not p.startswith('/'):
            p = _join(os.getcwd(), p)
        return normpath(p)

    def relpath(path, start=None):
        path = fspath(path)
        if not path:
            raise ValueError('no path specified')
        start = '.' if start is None else fspath(start)
        sl = [x for x in abspath(start).split('/') if x]
        pl = [x for x in abspath(path).split('/') if x]
        i = len(commonprefix([sl, pl]))
        rel = ['..'] * (len(sl) - i) + pl[i:]
        if not rel:
            return '.'
        return '/'.join(rel)

    def realpath(p, *, strict=False):
        p = abspath(p)
        if strict:
            return _px.realpath(p)
        rest = []
        cur = p
        while True:
            try:
                r = _px.realpath(cur)
                break
            except OSError:
                if cur == '/':
                    r = '/'
                    break
                i = cur.rfind('/')
                rest.insert(0, cur[i + 1:])
                cur = cur[:i] or '/'
        for c in rest:
            r = _join(r, c)
        return normpath(r)

    def commonpath(paths):
        paths = [fspath(p) for p in paths]
        if not paths:
            raise ValueError('commonpath() arg is an empty sequence')
        absn = set(p.startswith('/') for p in paths)
        if len(absn) != 1:
            raise ValueError("Can't mix absolute and relative paths")
        split = [[c for c in p.split('/') if c and c != '.'] for p in paths]
        s1 = min(split)
        s2 = max(split)
        common = s1
        for i in range(len(s1)):
            if s1[i] != s2[i]:
                common = s1[:i]
                break
        prefix = '/' if paths[0].startswith('/') else ''
        return prefix + '/'.join(common)

    def islink(p):
        try:
            return _islnk_mode(_px.stat(fspath(p), False)[0])
        except (OSError, TypeError):
            return False

    def lexists(p):
        try:
            _px.stat(fspath(p), False)
            return True
        except (OSError, TypeError):
            return False

    def getmtime(p):
        return _px.stat(fspath(p), True)[8]

    def getatime(p):
        return _px.stat(fspath(p), True)[7]

    def getctime(p):
        return _px.stat(fspath(p), True)[9]

    def samefile(a, b):
        s = _px.stat(fspath(a), True)
        t = _px.stat(fspath(b), True)
        return s[1] == t[1] and s[2] == t[2]

    def expandvars(p):
        p = fspath(p)
        if '$' not in p:
            return p
        out = []
        i = 0
        n = len(p)
        while i < n:
            c = p[i]
            if c != '$':
                out.append(c)
                i += 1
                continue
            if i + 1 < n and p[i + 1] == '{':
                j = p.find('}', i + 2)
                if j < 0:
                    out.append(p[i:])
                    break
                name = p[i + 2:j]
                end = j + 1
            else:
                j = i + 1
                while j < n and (p[j].isalnum() or p[j] == '_'):
                    j += 1
                name = p[i + 1:j]
                end = j
            if name and name in os.environ:
                out.append(os.environ[name])
            else:
                out.append(p[i:end])
            i = end
        return ''.join(out)

    def splitdrive(p):
        p = fspath(p)
        return p[:0], p

    return {'abspath': abspath, 'relpath': relpath, 'realpath': realpath, 'commonpath': commonpath,
            'islink': islink, 'lexists': lexists, 'getmtime': getmtime, 'getatime': getatime,
            'getctime': getctime, 'samefile': samefile, 'expandvars': expandvars,
            'splitdrive': splitdrive, 'normpath': normpath, 'isabs': isabs,
            'commonprefix': commonprefix}


def _wrap_all(f):
    def g(*a, **k):
        return f(*[fspath(x) for x in a], **k)
    g.__name__ = f.__name__
    return g


def _wrap_first(f):
    def g(p='.', *a, **k):
        return f(fspath(p), *a, **k)
    g.__name__ = f.__name__
    return g


def _wrap_soft(f):
    def g(p):
        return f(_soft(p))
    g.__name__ = f.__name__
    return g


def _install(os, path):
    for n in ('join',):
        setattr(path, n, _wrap_all(getattr(path, n)))
    for n in ('getsize', 'basename', 'dirname', 'split', 'splitext', 'expanduser'):
        setattr(path, n, _wrap_first(getattr(path, n)))
    for n in ('exists', 'isfile', 'isdir'):
        setattr(path, n, _wrap_soft(getattr(path, n)))
    for k, v in _make_path_part(os, path).items():
        setattr(path, k, v)
    for n in ('listdir', 'remove', 'unlink', 'rmdir', 'mkdir', 'makedirs', 'chdir'):
        setattr(os, n, _wrap_first(getattr(os, n)))
    c_rename = os.rename

    def rename(src, dst):
        c_rename(fspath(src), fspath(dst))

    def scandir(p='.'):
        p = fspath(p)
        return _ScandirIterator(p, os.listdir(p))

    def walk(top, topdown=True, onerror=None, followlinks=False):
        return _Walk(os, fspath(top), topdown, onerror, followlinks)

    def access(p, mode):
        return _px.access(fspath(p), mode)

    def chmod(p, mode):
        _px.chmod(fspath(p), mode)

    def utime(p, times=None):
        if times is None:
            import time
            t = time.time()
            times = (t, t)
        _px.utime(fspath(p), times[0], times[1])

    def symlink(src, dst, target_is_directory=False):
        _px.symlink(fspath(src), fspath(dst))

    def readlink(p):
        return _px.readlink(fspath(p))

    def system(command):
        import sys
        sys.stdout.flush()
        rc = _px.spawn(['/bin/sh', '-c', command], None, os.environ, None, 0, 0, None)[0]
        if rc < 0:
            return -rc
        return rc << 8

    def removedirs(name):
        os.rmdir(name)
        head, tail = path.split(fspath(name))
        if not tail:
            head, tail = path.split(head)
        while head and tail:
            try:
                os.rmdir(head)
            except OSError:
                break
            head, tail = path.split(head)

    def read(fd, n):
        if not isinstance(n, int):
            raise TypeError("'" + type(n).__name__ + "' object cannot be interpreted as an integer")
        if n < 0:
            raise ValueError('negative count')
        if n == 0:
            return b''
        return _px.read(fd, n)

    def write(fd, data):
        if isinstance(data, str):
            raise TypeError("a bytes-like object is required, not 'str'")
        return _px.write(fd, bytes(data))

    def fdopen(fd, *args, **kwargs):
        if not isinstance(fd, int):
            raise TypeError('invalid fd type (' + str(type(fd)) + ', expected integer)')
        return open(fd, *args, **kwargs)

    d = {'fspath': fspath, 'pipe': _px.pipe, 'read': read, 'write': write, 'fdopen': fdopen, 'stat': stat, 'lstat': lstat, 'stat_result': stat_result,
         'DirEntry': DirEntry, 'scandir': scandir, 'walk': walk, 'access': access,
         'F_OK': F_OK, 'R_OK': R_OK, 'W_OK': W_OK, 'X_OK': X_OK, 'chmod': chmod, 'utime': utime,
         'symlink': symlink, 'readlink': readlink, 'rename': rename, 'replace': rename,
         'system': system, 'removedirs': removedirs, 'close': _px.close, 'isatty': _px.isatty,
         'curdir': '.', 'pardir': '..', 'extsep': '.', 'pathsep': ':', 'devnull': '/dev/null',
         'altsep': None}
    for k, v in d.items():
        setattr(os, k, v)
    for k in ('curdir', 'pardir', 'extsep', 'pathsep', 'devnull', 'altsep'):
        setattr(path, k, d[k])
    return None
