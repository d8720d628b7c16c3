# tempfile.py - temporary files and directories with CPython's names (tmpXXXXXXXX); files default to
# 'w+b' as CPython's; SpooledTemporaryFile in memory until max_size. Names from a private generator.
import os
import _sable_posix as _px
import random as _random
import time as _time

__all__ = ['NamedTemporaryFile', 'TemporaryFile', 'SpooledTemporaryFile', 'TemporaryDirectory', 'mkstemp', 'mkdtemp',
           'mktemp', 'gettempdir', 'gettempprefix', 'template', 'tempdir']

template = 'tmp'
tempdir = None
_rng = None
_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789_'


def _names():
    global _rng
    if _rng is None:
        _rng = _random.Random(_time.time_ns() ^ (os.getpid() << 16))
    return ''.join(_rng.choice(_CHARS) for i in range(8))


def gettempprefix():
    return template


def gettempdir():
    global tempdir
    if tempdir is None:
        for name in ('TMPDIR', 'TEMP', 'TMP'):
            d = os.environ.get(name)
            if d and os.path.isdir(d) and os.access(d, os.W_OK):
                tempdir = os.path.abspath(d)
                break
        else:
            tempdir = '/tmp'
    return tempdir


def _sanitize(suffix, prefix, dir):
    if suffix is None:
        suffix = ''
    if prefix is None:
        prefix = template
    if dir is None:
        dir = gettempdir()
    return os.fspath(suffix), os.fspath(prefix), os.fspath(dir)


def mkstemp(suffix=None, prefix=None, dir=None, text=False):
    suffix, prefix, dir = _sanitize(suffix, prefix, dir)
    # mkstemps(3) fills the last six X; two more random characters make CPython's eight
    name = os.path.join(dir, prefix + _names()[:2] + 'XXXXXX' + suffix)
    fd, path = _px.mkstemp(name, len(suffix))
    return fd, os.path.abspath(path)


def mkdtemp(suffix=None, prefix=None, dir=None):
    suffix, prefix, dir = _sanitize(suffix, prefix, dir)
    for i in range(10000):
        name = os.path.join(dir, prefix + _names() + suffix)
        try:
            os.mkdir(name)
            os.chmod(name, 0o700)
        except FileExistsError:
            continue
        return os.path.abspath(name)
    raise FileExistsError(17, 'No usable temporary directory name found')


def mktemp(suffix='', prefix=template, dir=None):
    if dir is None:
        dir = gettempdir()
    for i in range(10000):
        name = os.path.join(dir, prefix + _names() + suffix)
        if not os.path.lexists(name):
            return name
    raise FileExistsError(17, 'No usable temporary filename found')


def _check_mode(mode):
    if not isinstance(mode, str):
        raise TypeError("open() argument 'mode' must be str, not " + type(mode).__name__)


class _TemporaryFileWrapper:
    def __init__(self, file, name, delete=True):
        self.file = file
        self.name = name
        self.delete = delete
        self._closed = False

    def __getattr__(self, name):
        return getattr(self.__dict__['file'], name)

    def __enter__(self):
        return self

    def __exit__(self, exc, value, tb):
        self.close()
        return False

    def __iter__(self):
        return iter(self.file)

    def close(self):
        if self._closed:
            return
        self._closed = True
        self.file.close()
        if self.delete:
            try:
                os.unlink(self.name)
            except FileNotFoundError:
                pass

    def __repr__(self):
        return '<tempfile._TemporaryFileWrapper object>'


def NamedTemporaryFile(mode='w+b', buffering=-1, encoding=None, newline=None, suffix=None,
                       prefix=None, dir=None, delete=True, *, errors=None):
    _check_mode(mode)
    suffix, prefix, dir = _sanitize(suffix, prefix, dir)
    for i in range(10000):
        name = os.path.abspath(os.path.join(dir, prefix + _names() + suffix))
        try:
            open(name, 'x').close()
        except FileExistsError:
            continue
        os.chmod(name, 0o600)
        m = mode.replace('x', 'w')
        if 'w' not in m and 'a' not in m and '+' in m:
            m = 'r+b' if 'b' in m else 'r+'
        if 'b' in m:
            f = open(name, m)
        else:
            f = open(name, m, encoding=encoding, newline=newline, errors=errors)
        return _TemporaryFileWrapper(f, name, delete)
    raise FileExistsError(17, 'No usable temporary file name found')


def TemporaryFile(mode='w+b', buffering=-1, encoding=None, newline=None, suffix=None, prefix=None,
                  dir=None, *, errors=None):
    _check_mode(mode)
    w = NamedTemporaryFile(mode, suffix=suffix, prefix=prefix, dir=dir, delete=False)
    os.unlink(w.name)
    return w.file


class TemporaryDirectory:
    def __init__(self, suffix=None, prefix=None, dir=None, ignore_cleanup_errors=False):
        self.name = mkdtemp(suffix, prefix, dir)
        self._ignore = ignore_cleanup_errors
        self._done = False

    def __repr__(self):
        return '<{} {!r}>'.format(self.__class__.__name__, self.name)

    def __enter__(self):
        return self.name

    def __exit__(self, exc, value, tb):
        self.cleanup()
        return False

    def cleanup(self):
        if self._done:
            return
        self._done = True
        import shutil
        if os.path.lexists(self.name):
            shutil.rmtree(self.name, ignore_errors=self._ignore)


class SpooledTemporaryFile:
    """Data kept in a BytesIO/StringIO until it grows past max_size (or fileno() is asked
    for), then moved to a TemporaryFile, as CPython's."""

    def __init__(self, max_size=0, mode='w+b', buffering=-1, encoding=None, newline=None,
                 suffix=None, prefix=None, dir=None, *, errors=None):
        import io
        if 'b' in mode:
            self._file = io.BytesIO()
        else:
            self._file = io.StringIO()
        self._max_size = max_size
        self._rolled = False
        self._TemporaryFileArgs = {'mode': mode, 'buffering': buffering, 'suffix': suffix,
                                   'prefix': prefix, 'encoding': encoding, 'newline': newline,
                                   'dir': dir, 'errors': errors}

    def _check(self, file):
        if self._rolled:
            return
        max_size = self._max_size
        if max_size and file.tell() > max_size:
            self.rollover()

    def rollover(self):
        if self._rolled:
            return
        file = self._file
        newfile = self._file = TemporaryFile(**self._TemporaryFileArgs)
        del self._TemporaryFileArgs
        pos = file.tell()
        newfile.write(file.getvalue())
        newfile.seek(pos, 0)
        self._rolled = True

    def __enter__(self):
        if self._file.closed:
            raise ValueError("Cannot enter context with closed file")
        return self

    def __exit__(self, exc, value, tb):
        self._file.close()

    def __iter__(self):
        return self._file.__iter__()

    def close(self):
        self._file.close()

    @property
    def closed(self):
        return self._file.closed

    @property
    def mode(self):
        try:
            return self._file.mode
        except AttributeError:
            return self._TemporaryFileArgs['mode']

    @property
    def name(self):
        try:
            return self._file.name
        except AttributeError:
            return None

    def fileno(self):
        self.rollover()
        return self._file.fileno()

    def flush(self):
        self._file.flush()

    def read(self, *args):
        return self._file.read(*args)

    def readline(self, *args):
        return self._file.readline(*args)

    def readlines(self, *args):
        return self._file.readlines(*args)

    def seek(self, *args):
        return self._file.seek(*args)

    def tell(self):
        return self._file.tell()

    def truncate(self, size=None):
        if size is None:
            self._file.truncate()
        else:
            if size > self._max_size:
                self.rollover()
            self._file.truncate(size)

    def write(self, s):
        file = self._file
        rv = file.write(s)
        self._check(file)
        return rv

    def writelines(self, iterable):
        file = self._file
        rv = file.writelines(iterable)
        self._check(file)
        return rv
