# shutil.py - copying, moving and removing trees (copyfile's bytes move in C, _sable_posix), which,
# disk_usage; CPython's results, errors and messages.
import os
import fnmatch
import _sable_posix as _px
from collections import namedtuple


class Error(OSError):
    pass


class SameFileError(Error):
    pass


_ntuple_diskusage = namedtuple('usage', 'total used free')
_terminal_size = namedtuple('terminal_size', 'columns lines')


def _samefile(src, dst):
    try:
        return os.path.samefile(src, dst)
    except OSError:
        return False


def copyfileobj(fsrc, fdst, length=0):
    while True:
        buf = fsrc.read(length if length > 0 else 65536)
        if not buf:
            break
        fdst.write(buf)


def copyfile(src, dst, *, follow_symlinks=True):
    src = os.fspath(src)
    dst = os.fspath(dst)
    if _samefile(src, dst):
        raise SameFileError('{!r} and {!r} are the same file'.format(src, dst))
    if not follow_symlinks and os.path.islink(src):
        os.symlink(os.readlink(src), dst)
    else:
        _px.copyfile(src, dst)
    return dst


def copymode(src, dst, *, follow_symlinks=True):
    os.chmod(dst, os.stat(src).st_mode & 0o7777)


def copystat(src, dst, *, follow_symlinks=True):
    st = os.stat(src)
    os.utime(dst, (st.st_atime, st.st_mtime))
    os.chmod(dst, st.st_mode & 0o7777)


def copy(src, dst, *, follow_symlinks=True):
    if os.path.isdir(dst):
        dst = os.path.join(dst, os.path.basename(os.fspath(src)))
    copyfile(src, dst, follow_symlinks=follow_symlinks)
    copymode(src, dst)
    return dst


def copy2(src, dst, *, follow_symlinks=True):
    if os.path.isdir(dst):
        dst = os.path.join(dst, os.path.basename(os.fspath(src)))
    copyfile(src, dst, follow_symlinks=follow_symlinks)
    copystat(src, dst)
    return dst


def ignore_patterns(*patterns):
    def _ignore_patterns(path, names):
        ignored = []
        for pattern in patterns:
            ignored.extend(fnmatch.filter(names, pattern))
        return set(ignored)
    return _ignore_patterns


def copytree(src, dst, symlinks=False, ignore=None, copy_function=copy2,
             ignore_dangling_symlinks=False, dirs_exist_ok=False):
    src = os.fspath(src)
    dst = os.fspath(dst)
    with os.scandir(src) as it:
        entries = list(it)
    names = [e.name for e in entries]
    ignored = ignore(src, names) if ignore is not None else set()
    os.makedirs(dst, exist_ok=dirs_exist_ok)
    errors = []
    for e in entries:
        if e.name in ignored:
            continue
        s = os.path.join(src, e.name)
        d = os.path.join(dst, e.name)
        try:
            if e.is_symlink() and symlinks:
                os.symlink(os.readlink(s), d)
            elif e.is_dir():
                copytree(s, d, symlinks, ignore, copy_function, ignore_dangling_symlinks, dirs_exist_ok)
            else:
                copy_function(s, d)
        except Error as err:
            errors.extend(err.args[0])
        except OSError as why:
            errors.append((s, d, str(why)))
    try:
        copystat(src, dst)
    except OSError as why:
        errors.append((src, dst, str(why)))
    if errors:
        raise Error(errors)
    return dst


def rmtree(path, ignore_errors=False, onerror=None):
    path = os.fspath(path)
    if ignore_errors:
        def onerror(*args):
            pass
    elif onerror is None:
        onerror = _reraise_err
    try:
        if os.path.islink(path):
            raise OSError('Cannot call rmtree on a symbolic link')
    except OSError as err:
        onerror(os.path.islink, path, (type(err), err, None))
        return
    try:
        names = os.listdir(path)
    except OSError as err:
        onerror(os.listdir, path, (type(err), err, None))
        names = []
    for name in names:
        full = os.path.join(path, name)
        if os.path.isdir(full) and not os.path.islink(full):
            rmtree(full, ignore_errors, onerror)
        else:
            try:
                os.unlink(full)
            except OSError as err:
                onerror(os.unlink, full, (type(err), err, None))
    try:
        os.rmdir(path)
    except OSError as err:
        onerror(os.rmdir, path, (type(err), err, None))


def _reraise_err(func, path, exc_info):
    raise exc_info[1]


def _basename(path):
    path = path.rstrip('/')
    return os.path.basename(path)


def move(src, dst, copy_function=copy2):
    src = os.fspath(src)
    dst = os.fspath(dst)
    real_dst = dst
    if os.path.isdir(dst):
        if _samefile(src, dst):
            os.rename(src, dst)
            return
        real_dst = os.path.join(dst, _basename(src))
        if os.path.exists(real_dst):
            raise Error("Destination path '%s' already exists" % real_dst)
    try:
        os.rename(src, real_dst)
    except OSError:
        if os.path.islink(src):
            os.symlink(os.readlink(src), real_dst)
            os.unlink(src)
        elif os.path.isdir(src):
            if (os.path.abspath(real_dst) + '/').startswith(os.path.abspath(src) + '/'):
                raise Error("Cannot move a directory '%s' into itself '%s'." % (src, dst))
            copytree(src, real_dst, copy_function=copy_function, symlinks=True)
            rmtree(src)
        else:
            copy_function(src, real_dst)
            os.unlink(src)
    return real_dst


def disk_usage(path):
    t = _px.statvfs(os.fspath(path))
    return _ntuple_diskusage(t[0], t[1], t[2])


def which(cmd, mode=os.F_OK | os.X_OK, path=None):
    cmd = os.fspath(cmd)

    def access_check(fn):
        return os.path.exists(fn) and os.access(fn, mode) and not os.path.isdir(fn)

    if os.path.dirname(cmd):
        if access_check(cmd):
            return cmd
        return None
    if path is None:
        path = os.environ.get('PATH', None)
        if path is None:
            path = '/bin:/usr/bin'
    if not path:
        return None
    seen = set()
    for d in os.fspath(path).split(':'):
        if d not in seen:
            seen.add(d)
            name = os.path.join(d, cmd)
            if access_check(name):
                return name
    return None


def get_terminal_size(fallback=(80, 24)):
    try:
        columns = int(os.environ['COLUMNS'])
    except (KeyError, ValueError):
        columns = 0
    try:
        lines = int(os.environ['LINES'])
    except (KeyError, ValueError):
        lines = 0
    if columns <= 0:
        columns = fallback[0]
    if lines <= 0:
        lines = fallback[1]
    return _terminal_size(columns, lines)
