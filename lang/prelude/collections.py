# collections - defaultdict, Counter, OrderedDict and deque as classes wrapping the builtin
# containers; namedtuple makes real tuple subclasses, as CPython's does.
import sys as _sys

_tuple_new = tuple.__new__
_KEYWORDS = frozenset(['False', 'None', 'True', 'and', 'as', 'assert', 'async', 'await', 'break',
                       'class', 'continue', 'def', 'del', 'elif', 'else', 'except', 'finally',
                       'for', 'from', 'global', 'if', 'import', 'in', 'is', 'lambda', 'nonlocal',
                       'not', 'or', 'pass', 'raise', 'return', 'try', 'while', 'with', 'yield'])

def _iskeyword(s):
    return s in _KEYWORDS

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

class _tuplegetter:
    """The field of a named tuple: item `index` of the tuple, read only."""
    __slots__ = ('_index', '__doc__')
    def __init__(self, index, doc):
        self._index = index
        self.__doc__ = doc
    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        return obj[self._index]
    def __set__(self, obj, value):
        raise AttributeError("can't set attribute")
    def __delete__(self, obj):
        raise AttributeError("can't delete attribute")

def _nt_getter(index, name):
    return _tuplegetter(index, f'Alias for field number {index}')

def namedtuple(typename, field_names, *, rename=False, defaults=None, module=None):
    """Returns a new subclass of tuple with named fields."""
    if isinstance(field_names, str):
        field_names = field_names.replace(',', ' ').split()
    field_names = list(map(str, field_names))
    typename = str(typename)
    if rename:
        seen = set()
        for index, name in enumerate(field_names):
            if (not name.isidentifier() or _iskeyword(name) or name.startswith('_')
                    or name in seen):
                field_names[index] = f'_{index}'
            seen.add(name)
    for name in [typename] + field_names:
        if type(name) is not str:
            raise TypeError('Type names and field names must be strings')
        if not name.isidentifier():
            raise ValueError('Type names and field names must be valid '
                             f'identifiers: {name!r}')
        if _iskeyword(name):
            raise ValueError('Type names and field names cannot be a '
                             f'keyword: {name!r}')
    seen = set()
    for name in field_names:
        if name.startswith('_') and not rename:
            raise ValueError('Field names cannot start with an underscore: '
                             f'{name!r}')
        if name in seen:
            raise ValueError(f'Encountered duplicate field name: {name!r}')
        seen.add(name)
    field_defaults = {}
    if defaults is not None:
        defaults = tuple(defaults)
        if len(defaults) > len(field_names):
            raise TypeError('Got more default values than field names')
        field_defaults = dict(reversed(list(zip(reversed(field_names),
                                                reversed(defaults)))))
    fields = tuple(field_names)
    num_fields = len(fields)
    arg_list = ', '.join(fields)
    if num_fields == 1:
        arg_list += ','
    qual = f'{typename}.__new__'

    def __new__(_cls, *args, **kwargs):
        if len(args) > num_fields:
            raise TypeError(f'{qual}() takes {num_fields + 1} positional arguments but {len(args) + 1} were given')
        vals = list(args)
        for name in fields[:len(args)]:
            if name in kwargs:
                raise TypeError(f"{qual}() got multiple values for argument '{name}'")
        for name in fields[len(args):]:
            if name in kwargs:
                vals.append(kwargs.pop(name))
            elif name in field_defaults:
                vals.append(field_defaults[name])
            else:
                missing = [f for f in fields[len(args):] if f not in kwargs and f not in field_defaults]
                if len(missing) == 1:
                    names = repr(missing[0])
                else:
                    names = ', '.join(repr(m) for m in missing[:-1]) + ' and ' + repr(missing[-1])
                raise TypeError(f'{qual}() missing {len(missing)} required positional argument{"" if len(missing) == 1 else "s"}: {names}')
        if kwargs:
            k = next(iter(kwargs))
            if k in fields:
                raise TypeError(f"{qual}() got multiple values for argument '{k}'")
            raise TypeError(f"{qual}() got an unexpected keyword argument '{k}'")
        return _tuple_new(_cls, vals)

    def _make(cls, iterable):
        result = _tuple_new(cls, iterable)
        if len(result) != num_fields:
            raise TypeError(f'Expected {num_fields} arguments, got {len(result)}')
        return result

    def _replace(self, /, **kwds):
        result = self._make([kwds.pop(n) if n in kwds else v for n, v in zip(fields, self)])
        if kwds:
            raise ValueError(f'Got unexpected field names: {list(kwds)!r}')
        return result

    def __repr__(self):
        inner = ', '.join(f'{n}={v!r}' for n, v in zip(fields, self))
        return f'{self.__class__.__name__}({inner})'

    def _asdict(self):
        return dict(zip(self._fields, self))

    def __getnewargs__(self):
        return _tuple_new(tuple, self)

    __new__.__doc__ = f'Create new instance of {typename}({arg_list})'
    _replace.__doc__ = 'Return a new ' + typename + ' object replacing specified fields with new values'
    _make.__doc__ = f'Make a new {typename} object from a sequence or iterable'
    __repr__.__doc__ = 'Return a nicely formatted representation string'
    _asdict.__doc__ = 'Return a new dict which maps field names to their values.'
    ns = {
        '__doc__': f'{typename}({arg_list})',
        '__slots__': (),
        '_fields': fields,
        '_field_defaults': field_defaults,
        '__new__': __new__,
        '_make': classmethod(_make),
        '_replace': _replace,
        '__repr__': __repr__,
        '_asdict': _asdict,
        '__getnewargs__': __getnewargs__,
        '__match_args__': fields,
    }
    for index, name in enumerate(fields):
        ns[name] = _nt_getter(index, name)
    if module is None:
        try:
            module = _sys._getframe(1).f_globals.get('__name__', '__main__')
        except (AttributeError, ValueError):
            module = '__main__'
    ns['__module__'] = module
    return type(typename, (tuple,), ns)
