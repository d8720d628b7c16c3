# collections.abc - the container ABCs of CPython's _collections_abc: one-method ABCs recognise
# classes by __subclasshook__ (a table for the builtins, whose dicts list few dunders in Sable).
from abc import ABCMeta, abstractmethod

GenericAlias = type(list[int])

_SEQUENCE_FLAG = 1 << 5   # read by the match statement (lang/core/match.c), as CPython's tp_flags
_MAPPING_FLAG = 1 << 6

_BUILTIN = {}

def _builtin(names, *types):
    for t in types:
        _BUILTIN.setdefault(t, set()).update(names.split())

_builtin('__iter__ __len__ __contains__ __reversed__ __getitem__', list, tuple, str, bytes,
         bytearray, range, dict)
_builtin('__iter__ __len__ __contains__', set, frozenset)
_builtin('__iter__ __len__ __contains__ __reversed__', type({}.keys()), type({}.items()))
_builtin('__iter__ __len__ __reversed__', type({}.values()))
_UNHASHABLE = (list, dict, set, bytearray, type({}.keys()), type({}.items()), type({}.values()))
_builtin('__hash__', tuple, str, bytes, range, frozenset, int, float, bool, type(None), type,
         object, type(len))
_builtin('__call__', type(len), type(_builtin), type, type(print))

def _check_methods(C, *methods):
    mro = C.__mro__
    for method in methods:
        for B in mro:
            if B in _BUILTIN:
                if method in _BUILTIN[B]:
                    break
                if B is not object:
                    continue
            if method in B.__dict__:
                if B.__dict__[method] is None:
                    return NotImplemented
                break
        else:
            return NotImplemented
    return True

class Hashable(metaclass=ABCMeta):
    __slots__ = ()
    @abstractmethod
    def __hash__(self):
        return 0
    @classmethod
    def __subclasshook__(cls, C):
        if cls is Hashable:
            for B in C.__mro__:
                if B in _UNHASHABLE:
                    return NotImplemented
            return _check_methods(C, "__hash__")
        return NotImplemented

class Iterable(metaclass=ABCMeta):
    __slots__ = ()
    @abstractmethod
    def __iter__(self):
        while False:
            yield None
    @classmethod
    def __subclasshook__(cls, C):
        if cls is Iterable:
            return _check_methods(C, "__iter__")
        return NotImplemented

class Iterator(Iterable):
    __slots__ = ()
    @abstractmethod
    def __next__(self):
        raise StopIteration
    def __iter__(self):
        return self
    @classmethod
    def __subclasshook__(cls, C):
        if cls is Iterator:
            return _check_methods(C, '__iter__', '__next__')
        return NotImplemented

class Reversible(Iterable):
    __slots__ = ()
    @abstractmethod
    def __reversed__(self):
        while False:
            yield None
    @classmethod
    def __subclasshook__(cls, C):
        if cls is Reversible:
            return _check_methods(C, "__reversed__", "__iter__")
        return NotImplemented

class Generator(Iterator):
    __slots__ = ()

class Sized(metaclass=ABCMeta):
    __slots__ = ()
    @abstractmethod
    def __len__(self):
        return 0
    @classmethod
    def __subclasshook__(cls, C):
        if cls is Sized:
            return _check_methods(C, "__len__")
        return NotImplemented

class Container(metaclass=ABCMeta):
    __slots__ = ()
    @abstractmethod
    def __contains__(self, x):
        return False
    @classmethod
    def __subclasshook__(cls, C):
        if cls is Container:
            return _check_methods(C, "__contains__")
        return NotImplemented

class Collection(Sized, Iterable, Container):
    __slots__ = ()
    @classmethod
    def __subclasshook__(cls, C):
        if cls is Collection:
            return _check_methods(C, "__len__", "__iter__", "__contains__")
        return NotImplemented

class Callable(metaclass=ABCMeta):
    __slots__ = ()
    @abstractmethod
    def __call__(self, *args, **kwds):
        return False
    @classmethod
    def __subclasshook__(cls, C):
        if cls is Callable:
            return _check_methods(C, "__call__")
        return NotImplemented

class Set(Collection):
    __slots__ = ()
    def __le__(self, other):
        if not isinstance(other, Set):
            return NotImplemented
        if len(self) > len(other):
            return False
        for elem in self:
            if elem not in other:
                return False
        return True
    def __lt__(self, other):
        if not isinstance(other, Set):
            return NotImplemented
        return len(self) < len(other) and self.__le__(other)
    def __ge__(self, other):
        if not isinstance(other, Set):
            return NotImplemented
        return len(self) >= len(other) and all(e in self for e in other)
    def __gt__(self, other):
        if not isinstance(other, Set):
            return NotImplemented
        return len(self) > len(other) and self.__ge__(other)
    def __eq__(self, other):
        if not isinstance(other, Set):
            return NotImplemented
        return len(self) == len(other) and self.__le__(other)
    @classmethod
    def _from_iterable(cls, it):
        return cls(it)
    def __and__(self, other):
        if not isinstance(other, Iterable):
            return NotImplemented
        return self._from_iterable(value for value in other if value in self)
    __rand__ = __and__
    def isdisjoint(self, other):
        for value in other:
            if value in self:
                return False
        return True
    def __or__(self, other):
        if not isinstance(other, Iterable):
            return NotImplemented
        return self._from_iterable([e for s in (self, other) for e in s])
    __ror__ = __or__
    def __sub__(self, other):
        if not isinstance(other, Set):
            if not isinstance(other, Iterable):
                return NotImplemented
            other = self._from_iterable(other)
        return self._from_iterable(value for value in self if value not in other)

class MutableSet(Set):
    __slots__ = ()
    @abstractmethod
    def add(self, value):
        raise NotImplementedError
    @abstractmethod
    def discard(self, value):
        raise NotImplementedError
    def remove(self, value):
        if value not in self:
            raise KeyError(value)
        self.discard(value)
    def clear(self):
        for v in list(self):
            self.discard(v)

class Mapping(Collection):
    __slots__ = ()
    __abc_tpflags__ = _MAPPING_FLAG
    @abstractmethod
    def __getitem__(self, key):
        raise KeyError
    def get(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            return default
    def __contains__(self, key):
        try:
            self[key]
        except KeyError:
            return False
        else:
            return True
    def keys(self):
        return KeysView(self)
    def items(self):
        return ItemsView(self)
    def values(self):
        return ValuesView(self)
    def __eq__(self, other):
        if not isinstance(other, Mapping):
            return NotImplemented
        return dict(self.items()) == dict(other.items())
    __reversed__ = None
    @classmethod
    def register(cls, subclass):
        _flag(subclass, _MAPPING_FLAG)
        return ABCMeta.register(cls, subclass)

def _flag(subclass, flag):
    if subclass not in _BUILTIN:
        try:
            subclass.__abc_tpflags__ = flag
        except (TypeError, AttributeError):
            pass

class MappingView(Sized):
    __slots__ = ('_mapping',)
    def __init__(self, mapping):
        self._mapping = mapping
    def __len__(self):
        return len(self._mapping)
    def __repr__(self):
        return '{0.__class__.__name__}({0._mapping!r})'.format(self)

class KeysView(MappingView, Set):
    __slots__ = ()
    @classmethod
    def _from_iterable(cls, it):
        return set(it)
    def __contains__(self, key):
        return key in self._mapping
    def __iter__(self):
        yield from self._mapping

class ItemsView(MappingView, Set):
    __slots__ = ()
    @classmethod
    def _from_iterable(cls, it):
        return set(it)
    def __contains__(self, item):
        key, value = item
        try:
            v = self._mapping[key]
        except KeyError:
            return False
        else:
            return v is value or v == value
    def __iter__(self):
        for key in self._mapping:
            yield (key, self._mapping[key])

class ValuesView(MappingView, Collection):
    __slots__ = ()
    def __contains__(self, value):
        for key in self._mapping:
            v = self._mapping[key]
            if v is value or v == value:
                return True
        return False
    def __iter__(self):
        for key in self._mapping:
            yield self._mapping[key]

_marker = object()

class MutableMapping(Mapping):
    __slots__ = ()
    @abstractmethod
    def __setitem__(self, key, value):
        raise KeyError
    @abstractmethod
    def __delitem__(self, key):
        raise KeyError
    def pop(self, key, default=_marker):
        try:
            value = self[key]
        except KeyError:
            if default is _marker:
                raise
            return default
        else:
            del self[key]
            return value
    def popitem(self):
        try:
            key = next(iter(self))
        except StopIteration:
            raise KeyError from None
        value = self[key]
        del self[key]
        return key, value
    def clear(self):
        try:
            while True:
                self.popitem()
        except KeyError:
            pass
    def update(self, other=(), /, **kwds):
        if isinstance(other, Mapping):
            for key in other:
                self[key] = other[key]
        elif hasattr(other, "keys"):
            for key in other.keys():
                self[key] = other[key]
        else:
            for key, value in other:
                self[key] = value
        for key, value in kwds.items():
            self[key] = value
    def setdefault(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            self[key] = default
        return default

class Sequence(Reversible, Collection):
    __slots__ = ()
    __abc_tpflags__ = _SEQUENCE_FLAG
    @abstractmethod
    def __getitem__(self, index):
        raise IndexError
    def __iter__(self):
        i = 0
        try:
            while True:
                v = self[i]
                yield v
                i += 1
        except IndexError:
            return
    def __contains__(self, value):
        for v in self:
            if v is value or v == value:
                return True
        return False
    def __reversed__(self):
        for i in reversed(range(len(self))):
            yield self[i]
    def index(self, value, start=0, stop=None):
        if start is not None and start < 0:
            start = max(len(self) + start, 0)
        if stop is not None and stop < 0:
            stop += len(self)
        i = start
        while stop is None or i < stop:
            try:
                v = self[i]
            except IndexError:
                break
            if v is value or v == value:
                return i
            i += 1
        raise ValueError
    def count(self, value):
        return sum(1 for v in self if v is value or v == value)
    @classmethod
    def register(cls, subclass):
        _flag(subclass, _SEQUENCE_FLAG)
        return ABCMeta.register(cls, subclass)

class ByteString(Sequence):
    __slots__ = ()

class MutableSequence(Sequence):
    __slots__ = ()
    @abstractmethod
    def __setitem__(self, index, value):
        raise IndexError
    @abstractmethod
    def __delitem__(self, index):
        raise IndexError
    @abstractmethod
    def insert(self, index, value):
        raise IndexError
    def append(self, value):
        self.insert(len(self), value)
    def clear(self):
        try:
            while True:
                self.pop()
        except IndexError:
            pass
    def reverse(self):
        n = len(self)
        for i in range(n // 2):
            self[i], self[n - i - 1] = self[n - i - 1], self[i]
    def extend(self, values):
        if values is self:
            values = list(values)
        for v in values:
            self.append(v)
    def pop(self, index=-1):
        v = self[index]
        del self[index]
        return v
    def remove(self, value):
        del self[self.index(value)]
    def __iadd__(self, values):
        self.extend(values)
        return self

Sequence.register(tuple)
Sequence.register(str)
Sequence.register(range)
ByteString.register(bytes)
ByteString.register(bytearray)
MutableSequence.register(list)
MutableSequence.register(bytearray)
MutableMapping.register(dict)
Set.register(frozenset)
MutableSet.register(set)
KeysView.register(type({}.keys()))
ItemsView.register(type({}.items()))
ValuesView.register(type({}.values()))
for _t in (type(iter([])), type(iter(())), type(iter('')), type(iter(range(0))), type(iter({})),
           type(iter(set())), type(iter({}.values())), type(iter({}.items())), type(zip()),
           type(map(len, ())), type(filter(None, ())), type(enumerate(())), type(reversed([]))):
    Iterator.register(_t)
Generator.register(type((lambda: (yield))()))
del _t


# Subscription (PEP 585): Iterable[int] is a types.GenericAlias; Callable[[int], str] keeps its
# argument list apart from the result, as CPython's _CallableGenericAlias.
def _type_repr(obj):
    if isinstance(obj, type):
        if obj.__module__ == 'builtins':
            return obj.__qualname__
        return obj.__module__ + '.' + obj.__qualname__
    if obj is ...:
        return '...'
    if type(obj).__name__ == 'function':
        return obj.__name__
    return repr(obj)

class _CallableGenericAlias:
    def __init__(self, origin, args):
        self.__origin__ = origin
        self.__args__ = args

    @property
    def __parameters__(self):
        ps = []
        for a in self.__args__:
            for p in getattr(a, '__parameters__', ()) if not hasattr(a, '__typing_subst__') else (a,):
                if p not in ps:
                    ps.append(p)
        return tuple(ps)

    def __repr__(self):
        a = self.__args__
        if len(a) == 2 and a[0] is ...:
            return 'collections.abc.Callable[..., ' + _type_repr(a[1]) + ']'
        return ('collections.abc.Callable[[' + ', '.join(_type_repr(x) for x in a[:-1]) + '], '
                + _type_repr(a[-1]) + ']')

    def __eq__(self, other):
        if not isinstance(other, _CallableGenericAlias):
            return NotImplemented
        return self.__origin__ is other.__origin__ and self.__args__ == other.__args__

    def __hash__(self):
        return hash((self.__origin__, self.__args__))

    def __mro_entries__(self, bases):
        return (self.__origin__,)

    def __instancecheck__(self, obj):
        raise TypeError('isinstance() argument 2 cannot be a parameterized generic')

    def __subclasscheck__(self, cls):
        raise TypeError('issubclass() argument 2 cannot be a parameterized generic')

def _callable_getitem(cls, params):
    if not (isinstance(params, tuple) and len(params) == 2):
        raise TypeError('Callable must be used as Callable[[arg, ...], result].')
    t_args, t_result = params
    if isinstance(t_args, (tuple, list)):
        args = tuple(t_args) + (t_result,)
    elif t_args is ...:
        args = (..., t_result)
    else:
        raise TypeError('Expected a list of types, an ellipsis, ParamSpec, or Concatenate. Got '
                        + repr(t_args))
    return _CallableGenericAlias(cls, args)

for _c in (Iterable, Container, MappingView, Callable):
    _c.__class_getitem__ = classmethod(GenericAlias)
Callable.__class_getitem__ = classmethod(_callable_getitem)
del _c
