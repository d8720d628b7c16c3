# tempfile.py - temporary files and directories with CPython's names (tmpXXXXXXXX), text-mode files
# only (there is no bytes type yet: a 'b' mode raises); names come from a private generator.
import os
import _sable_posix as _px
import random as _random
import time as _time

__all__ = ['NamedTemporaryFile', 'TemporaryFile', 'TemporaryDirectory', 'mkstemp', 'mkdtemp',
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
    if 'b' in mode:
        raise ValueError("binary temporary files need bytes, which Sable does not have yet; use a text mode such as 'w+'")


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
            m = 'r+'
        return _TemporaryFileWrapper(open(name, m), name, delete)
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
