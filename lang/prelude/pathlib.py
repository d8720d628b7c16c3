# pathlib.py - PurePath / PurePosixPath / Path / PosixPath with CPython 3.11's parsing, reprs and
# errors, over os and os.path; Path() makes a PosixPath (there is no Windows flavour here).
import os
import fnmatch

__all__ = ['PurePath', 'PurePosixPath', 'Path', 'PosixPath']

# ENOENT, ENOTDIR, EBADF, ELOOP: 'does not exist' for exists() / is_dir() / is_file()
_IGNORED = (2, 20, 9, 40)


def _parse(args):
    parts = []
    for a in args:
        if isinstance(a, PurePath):
            s = a._str
        else:
            s = os.fspath(a)
            if not isinstance(s, str):
                raise TypeError('argument should be a str object or an os.PathLike object returning str, not ' + repr(type(a)))
        if s.startswith('/'):
            parts = []
        parts.append(s)
    path = '/'.join(p for p in parts if p != '')
    # the root: '//' stays, '/' or 3+ slashes become '/'
    root = ''
    if path.startswith('/'):
        root = '//' if path.startswith('//') and not path.startswith('///') else '/'
    comps = [c for c in path.split('/') if c and c != '.']
    return root, comps


class _Parents:
    def __init__(self, path):
        self._path = path
        self._n = len(path._comps)

    def __len__(self):
        return self._n

    def __getitem__(self, i):
        if isinstance(i, slice):
            return tuple(self[k] for k in range(*i.indices(self._n)))
        if i < 0:
            i += self._n
        if i < 0 or i >= self._n:
            raise IndexError(i)
        return self._path._from(self._path._root, self._path._comps[:self._n - 1 - i])

    def __iter__(self):
        return iter([self[i] for i in range(self._n)])

    def __repr__(self):
        return '<' + type(self._path).__name__ + '.parents>'


class PurePath:
    def __new__(cls, *args):
        if cls is PurePath:
            cls = PurePosixPath
        return object.__new__(cls)

    def __init__(self, *args):
        self._root, self._comps = _parse(args)
        self._str = (self._root + '/'.join(self._comps)) or '.'

    def _from(self, root, comps):
        p = object.__new__(type(self))
        p._root = root
        p._comps = list(comps)
        p._str = (root + '/'.join(comps)) or '.'
        return p

    def __str__(self):
        return self._str

    def __fspath__(self):
        return self._str

    def as_posix(self):
        return self._str

    def __repr__(self):
        return type(self).__name__ + '(' + repr(self._str) + ')'

    def __hash__(self):
        return hash(self._str)

    def __eq__(self, o):
        if not isinstance(o, PurePath):
            return NotImplemented
        return self._root == o._root and self._comps == o._comps

    def _key(self, o):
        if not isinstance(o, PurePath):
            raise TypeError("'<' not supported between instances of '" + type(self).__name__ + "' and '" + type(o).__name__ + "'")
        return [self._root] + self._comps, [o._root] + o._comps

    def __lt__(self, o):
        a, b = self._key(o)
        return a < b

    def __le__(self, o):
        a, b = self._key(o)
        return a <= b

    def __gt__(self, o):
        a, b = self._key(o)
        return a > b

    def __ge__(self, o):
        a, b = self._key(o)
        return a >= b

    def __truediv__(self, key):
        try:
            return self.joinpath(key)
        except TypeError:
            return NotImplemented

    def __rtruediv__(self, key):
        try:
            return type(self)(key, self)
        except TypeError:
            return NotImplemented

    def joinpath(self, *args):
        return type(self)(self, *args)

    @property
    def parts(self):
        if self._root:
            return (self._root,) + tuple(self._comps)
        return tuple(self._comps)

    @property
    def drive(self):
        return ''

    @property
    def root(self):
        return self._root

    @property
    def anchor(self):
        return self._root

    @property
    def name(self):
        return self._comps[-1] if self._comps else ''

    @property
    def suffix(self):
        name = self.name
        i = name.rfind('.')
        if 0 < i < len(name) - 1:
            return name[i:]
        return ''

    @property
    def suffixes(self):
        name = self.name
        if name.endswith('.'):
            return []
        name = name.lstrip('.')
        return ['.' + s for s in name.split('.')[1:]]

    @property
    def stem(self):
        name = self.name
        i = name.rfind('.')
        if 0 < i < len(name) - 1:
            return name[:i]
        return name

    @property
    def parent(self):
        if not self._comps:
            return self
        return self._from(self._root, self._comps[:-1])

    @property
    def parents(self):
        return _Parents(self)

    def with_name(self, name):
        if not self.name:
            raise ValueError('%r has an empty name' % (self,))
        if not name or '/' in name or name == '.':
            raise ValueError('Invalid name %r' % (name,))
        return self._from(self._root, self._comps[:-1] + [name])

    def with_stem(self, stem):
        return self.with_name(stem + self.suffix)

    def with_suffix(self, suffix):
        if '/' in suffix or (suffix and not suffix.startswith('.')) or suffix == '.':
            raise ValueError('Invalid suffix %r' % (suffix,))
        name = self.name
        if not name:
            raise ValueError('%r has an empty name' % (self,))
        old = self.suffix
        if not old:
            name = name + suffix
        else:
            name = name[:len(name) - len(old)] + suffix
        return self._from(self._root, self._comps[:-1] + [name])

    def is_absolute(self):
        return bool(self._root)

    def is_reserved(self):
        return False

    def relative_to(self, *other):
        if not other:
            raise TypeError('need at least one argument')
        o = type(self)(*other)
        n = len(o._comps)
        if o._root != self._root or self._comps[:n] != o._comps:
            raise ValueError('{!r} is not in the subpath of {!r} OR one path is relative and the other is absolute.'.format(str(self), str(o)))
        return self._from('', self._comps[n:])

    def is_relative_to(self, *other):
        try:
            self.relative_to(*other)
            return True
        except ValueError:
            return False

    def match(self, path_pattern):
        pat = PurePosixPath(path_pattern)
        if not pat._comps and not pat._root:
            raise ValueError('empty pattern')
        pp = pat._comps
        if pat._root:
            if self._root != pat._root or len(pp) != len(self._comps):
                return False
        elif len(pp) > len(self._comps):
            return False
        for part, p in zip(reversed(self._comps), reversed(pp)):
            if not fnmatch.fnmatchcase(part, p):
                return False
        return True


class PurePosixPath(PurePath):
    pass


class Path(PurePath):
    def __new__(cls, *args, **kwargs):
        if cls is Path:
            cls = PosixPath
        return object.__new__(cls)

    def __init__(self, *args, **kwargs):
        PurePath.__init__(self, *args)

    def __enter__(self):
        return self

    def __exit__(self, *a):
        return None

    @classmethod
    def cwd(cls):
        return cls(os.getcwd())

    @classmethod
    def home(cls):
        return cls(os.path.expanduser('~'))

    def absolute(self):
        if self._root:
            return self
        return type(self)(os.getcwd(), self)

    def resolve(self, strict=False):
        return type(self)(os.path.realpath(self._str, strict=strict))

    def expanduser(self):
        if self._comps and self._comps[0].startswith('~') and not self._root:
            return type(self)(os.path.expanduser(self._str))
        return self

    def stat(self, *, follow_symlinks=True):
        return os.stat(self._str, follow_symlinks=follow_symlinks)

    def lstat(self):
        return os.lstat(self._str)

    def exists(self):
        try:
            os.stat(self._str)
            return True
        except OSError as e:
            if e.errno not in _IGNORED:
                raise
            return False

    def _mode(self, follow=True):
        try:
            return os.stat(self._str, follow_symlinks=follow).st_mode
        except OSError as e:
            if e.errno not in _IGNORED:
                raise
            return 0

    def is_dir(self):
        return (self._mode() & 0o170000) == 0o040000

    def is_file(self):
        return (self._mode() & 0o170000) == 0o100000

    def is_symlink(self):
        return (self._mode(False) & 0o170000) == 0o120000

    def samefile(self, other):
        return os.path.samefile(self._str, os.fspath(other))

    def iterdir(self):
        names = os.listdir(self._str)
        return iter([self._child(n) for n in names])

    def _child(self, name):
        return self._from(self._root, self._comps + [name])

    def _select(self, pats):
        # all paths below self matching the list of component patterns
        if not pats:
            return [self]
        pat = pats[0]
        rest = pats[1:]
        out = []
        if pat == '**':
            seen = set()
            for d in self._all_dirs():
                for p in d._select(rest):
                    if p._str not in seen:
                        seen.add(p._str)
                        out.append(p)
            return out
        if '*' not in pat and '?' not in pat and '[' not in pat:
            c = self._child(pat)
            if (rest and c.is_dir()) or (not rest and c.exists()):
                out.extend(c._select(rest))
            return out
        try:
            with os.scandir(self._str) as it:
                entries = list(it)
        except OSError:
            return out
        for e in entries:
            if rest and not e.is_dir():
                continue
            if fnmatch.fnmatchcase(e.name, pat):
                out.extend(self._child(e.name)._select(rest))
        return out

    def _all_dirs(self):
        out = [self]
        try:
            with os.scandir(self._str) as it:
                entries = list(it)
        except OSError:
            return out
        for e in entries:
            if e.is_dir() and not e.is_symlink():
                out.extend(self._child(e.name)._all_dirs())
        return out

    def glob(self, pattern):
        if not pattern:
            raise ValueError('Unacceptable pattern: {!r}'.format(pattern))
        p = PurePosixPath(pattern)
        if p._root:
            raise NotImplementedError('Non-relative patterns are unsupported')
        r = self._select(list(p._comps))
        if pattern.endswith('/'):
            r = [x for x in r if x.is_dir()]
        return iter(r)

    def rglob(self, pattern):
        p = PurePosixPath(pattern)
        if p._root:
            raise NotImplementedError('Non-relative patterns are unsupported')
        return iter(self._select(['**'] + list(p._comps)))

    def open(self, mode='r', buffering=-1, encoding=None, errors=None, newline=None):
        return open(self._str, mode)

    def read_text(self, encoding=None, errors=None):
        with open(self._str) as f:
            return f.read()

    def write_text(self, data, encoding=None, errors=None, newline=None):
        if not isinstance(data, str):
            raise TypeError('data must be str, not %s' % type(data).__name__)
        with open(self._str, 'w') as f:
            return f.write(data)

    def touch(self, mode=0o666, exist_ok=True):
        if self.exists():
            if not exist_ok:
                raise FileExistsError(17, 'File exists', self._str)
            os.utime(self._str)
            return
        open(self._str, 'a').close()

    def mkdir(self, mode=0o777, parents=False, exist_ok=False):
        try:
            os.mkdir(self._str)
        except FileNotFoundError:
            if not parents or self.parent == self:
                raise
            self.parent.mkdir(parents=True, exist_ok=True)
            self.mkdir(mode, parents=False, exist_ok=exist_ok)
        except OSError:
            if not exist_ok or not self.is_dir():
                raise

    def rmdir(self):
        os.rmdir(self._str)

    def unlink(self, missing_ok=False):
        try:
            os.unlink(self._str)
        except FileNotFoundError:
            if not missing_ok:
                raise

    def rename(self, target):
        os.rename(self._str, os.fspath(target))
        return type(self)(target)

    def replace(self, target):
        os.replace(self._str, os.fspath(target))
        return type(self)(target)

    def chmod(self, mode):
        os.chmod(self._str, mode)

    def symlink_to(self, target, target_is_directory=False):
        os.symlink(os.fspath(target), self._str)

    def readlink(self):
        return type(self)(os.readlink(self._str))


class PosixPath(Path):
    pass
