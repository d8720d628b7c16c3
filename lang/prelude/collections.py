# collections - defaultdict, Counter, OrderedDict, deque and namedtuple as classes wrapping
# the builtin containers.

class _DictLike:
    def __init__(self, *args, **kwargs):
        self._d = {}
        self.update(*args, **kwargs)
    def update(self, *args, **kwargs):
        if args:
            src = args[0]
            if hasattr(src, 'keys'):
                for k in src.keys():
                    self[k] = src[k]
            else:
                for k, v in src:
                    self[k] = v
        for k, v in kwargs.items():
            self[k] = v
    def __getitem__(self, key):
        return self._d[key]
    def __setitem__(self, key, value):
        self._d[key] = value
    def __delitem__(self, key):
        del self._d[key]
    def __contains__(self, key):
        return key in self._d
    def __iter__(self):
        return iter(self._d)
    def __len__(self):
        return len(self._d)
    def __eq__(self, other):
        if isinstance(other, _DictLike):
            return self._d == other._d
        return self._d == other
    def keys(self):
        return self._d.keys()
    def values(self):
        return self._d.values()
    def items(self):
        return self._d.items()
    def get(self, key, default=None):
        return self._d.get(key, default)
    def pop(self, key, *default):
        return self._d.pop(key, *default)
    def popitem(self):
        return self._d.popitem()
    def setdefault(self, key, default=None):
        return self._d.setdefault(key, default)
    def clear(self):
        self._d.clear()
    def copy(self):
        return type(self)(self._d)

class defaultdict(_DictLike):
    def __init__(self, default_factory=None, *args, **kwargs):
        if default_factory is not None and not callable(default_factory):
            raise TypeError('first argument must be callable or None')
        self.default_factory = default_factory
        _DictLike.__init__(self, *args, **kwargs)
    def __getitem__(self, key):
        d = self._d
        if key in d:
            return d[key]
        return self.__missing__(key)
    def __missing__(self, key):
        if self.default_factory is None:
            raise KeyError(key)
        value = self.default_factory()
        self._d[key] = value
        return value
    def copy(self):
        return defaultdict(self.default_factory, self._d)
    def __repr__(self):
        f = self.default_factory
        return f'defaultdict({f!r}, {self._d!r})'

class OrderedDict(_DictLike):
    def move_to_end(self, key, last=True):
        v = self._d.pop(key)
        if last:
            self._d[key] = v
        else:
            self._d = {key: v, **self._d}
    def popitem(self, last=True):
        if not self._d:
            raise KeyError('dictionary is empty')
        key = next(reversed(self._d)) if last else next(iter(self._d))
        return key, self._d.pop(key)
    def __repr__(self):
        if not self._d:
            return 'OrderedDict()'
        return f'OrderedDict({list(self._d.items())!r})'

class Counter(_DictLike):
    def __init__(self, iterable=None, **kwargs):
        self._d = {}
        self.update(iterable, **kwargs)
    def __missing__(self, key):
        return 0
    def __getitem__(self, key):
        return self._d.get(key, 0)
    def update(self, iterable=None, **kwargs):
        d = self._d
        if iterable is not None:
            if hasattr(iterable, 'keys'):
                for k in iterable.keys():
                    d[k] = d.get(k, 0) + iterable[k]
            else:
                for k in iterable:
                    d[k] = d.get(k, 0) + 1
        for k, v in kwargs.items():
            d[k] = d.get(k, 0) + v
    def subtract(self, iterable=None, **kwargs):
        d = self._d
        if iterable is not None:
            if hasattr(iterable, 'keys'):
                for k in iterable.keys():
                    d[k] = d.get(k, 0) - iterable[k]
            else:
                for k in iterable:
                    d[k] = d.get(k, 0) - 1
        for k, v in kwargs.items():
            d[k] = d.get(k, 0) - v
    def most_common(self, n=None):
        items = sorted(self._d.items(), key=lambda kv: kv[1], reverse=True)
        return items if n is None else items[:n]
    def elements(self):
        out = []
        for k, v in self._d.items():
            out.extend([k] * v)
        return iter(out)
    def total(self):
        return sum(self._d.values())
    def __add__(self, other):
        r = Counter()
        for k in list(self._d) + [k for k in other._d if k not in self._d]:
            v = self[k] + other[k]
            if v > 0:
                r._d[k] = v
        return r
    def __sub__(self, other):
        r = Counter()
        for k in self._d:
            v = self[k] - other[k]
            if v > 0:
                r._d[k] = v
        return r
    def __repr__(self):
        if not self._d:
            return 'Counter()'
        body = ', '.join(f'{k!r}: {v!r}' for k, v in self.most_common())
        return 'Counter({' + body + '})'

class deque:
    def __init__(self, iterable=(), maxlen=None):
        self.maxlen = maxlen
        self._l = []
        self.extend(iterable)
    def append(self, x):
        self._l.append(x)
        if self.maxlen is not None and len(self._l) > self.maxlen:
            del self._l[0]
    def appendleft(self, x):
        self._l.insert(0, x)
        if self.maxlen is not None and len(self._l) > self.maxlen:
            self._l.pop()
    def extend(self, it):
        for x in it:
            self.append(x)
    def extendleft(self, it):
        for x in it:
            self.appendleft(x)
    def pop(self):
        if not self._l:
            raise IndexError('pop from an empty deque')
        return self._l.pop()
    def popleft(self):
        if not self._l:
            raise IndexError('pop from an empty deque')
        return self._l.pop(0)
    def rotate(self, n=1):
        if self._l:
            n %= len(self._l)
            self._l[:] = self._l[-n:] + self._l[:-n]
    def clear(self):
        self._l.clear()
    def count(self, x):
        return self._l.count(x)
    def remove(self, x):
        self._l.remove(x)
    def reverse(self):
        self._l.reverse()
    def __len__(self):
        return len(self._l)
    def __iter__(self):
        return iter(self._l)
    def __reversed__(self):
        return reversed(self._l)
    def __getitem__(self, i):
        return self._l[i]
    def __setitem__(self, i, v):
        self._l[i] = v
    def __contains__(self, x):
        return x in self._l
    def __eq__(self, other):
        return isinstance(other, deque) and self._l == other._l
    def __repr__(self):
        if self.maxlen is None:
            return f'deque({self._l!r})'
        return f'deque({self._l!r}, maxlen={self.maxlen})'

def namedtuple(typename, field_names, *, defaults=None):
    if isinstance(field_names, str):
        field_names = field_names.replace(',', ' ').split()
    fields = tuple(field_names)
    defs = tuple(defaults) if defaults is not None else ()
    nreq = len(fields) - len(defs)
    def __init__(self, *args, **kwargs):
        if len(args) > len(fields):
            raise TypeError(f'{typename}.__new__() takes {len(fields) + 1} positional arguments but {len(args) + 1} were given')
        vals = list(args)
        for i in range(len(args), len(fields)):
            name = fields[i]
            if name in kwargs:
                vals.append(kwargs.pop(name))
            elif i >= nreq:
                vals.append(defs[i - nreq])
            else:
                missing = [f for f in fields[i:] if f not in kwargs and fields.index(f) < nreq]
                names = ' and '.join(repr(m) for m in missing)
                raise TypeError(f'{typename}.__new__() missing {len(missing)} required positional argument{"" if len(missing) == 1 else "s"}: {names}')
        if kwargs:
            raise TypeError(f"{typename}.__new__() got an unexpected keyword argument '{next(iter(kwargs))}'")
        object.__setattr__(self, '_values', tuple(vals))
    def __getattr__(self, name):
        if name in fields:
            return self._values[fields.index(name)]
        raise AttributeError(f"'{typename}' object has no attribute '{name}'")
    def __setattr__(self, name, value):
        raise AttributeError("can't set attribute")
    def __getitem__(self, i):
        return self._values[i]
    def __len__(self):
        return len(self._values)
    def __iter__(self):
        return iter(self._values)
    def __eq__(self, other):
        if isinstance(other, tuple):
            return self._values == other
        return type(other) is type(self) and self._values == other._values
    def __lt__(self, other):
        return self._values < tuple(other)
    def __hash__(self):
        return hash(self._values)
    def __repr__(self):
        inner = ', '.join(f'{n}={v!r}' for n, v in zip(fields, self._values))
        return f'{typename}({inner})'
    def _asdict(self):
        return dict(zip(fields, self._values))
    def _replace(self, **kw):
        return cls(*[kw.pop(n, v) for n, v in zip(fields, self._values)])
    def count(self, v):
        return self._values.count(v)
    def index(self, v):
        return self._values.index(v)
    ns = {'__init__': __init__, '__getattr__': __getattr__, '__setattr__': __setattr__,
          '__getitem__': __getitem__, '__len__': __len__, '__iter__': __iter__, '__eq__': __eq__,
          '__lt__': __lt__, '__hash__': __hash__, '__repr__': __repr__, '_asdict': _asdict,
          '_replace': _replace, 'count': count, 'index': index, '_fields': fields,
          '_field_defaults': dict(zip(fields[nreq:], defs))}
    cls = type(typename, (), ns)
    def _make(iterable):
        return cls(*iterable)
    cls._make = staticmethod(_make)
    return cls
