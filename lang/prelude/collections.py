# collections - defaultdict, OrderedDict and Counter as dict subclasses, deque, ChainMap, the
# User* wrappers, and namedtuple (real tuple subclasses), as CPython 3.11's.
import sys as _sys
import copyreg as _copyreg
from _thread import get_ident as _get_ident
from _sable_odict import iter as _od_iter, state as _od_state, clear as _od_clear, \
    popfirst as _od_popfirst, move_to_end as _od_move_to_end
from _sable_deque import ring as _dq_ring, deque_append as _dq_append, \
    deque_appendleft as _dq_appendleft, deque_pop as _dq_pop, deque_popleft as _dq_popleft, \
    deque_extend as _dq_extend, deque_extendleft as _dq_extendleft, deque_rotate as _dq_rotate, \
    deque_clear as _dq_clear

_tuple_new = tuple.__new__
_GenericAlias = type(list[int])
_KEYWORDS = frozenset(['False', 'None', 'True', 'and', 'as', 'assert', 'async', 'await', 'break',
                       'class', 'continue', 'def', 'del', 'elif', 'else', 'except', 'finally',
                       'for', 'from', 'global', 'if', 'import', 'in', 'is', 'lambda', 'nonlocal',
                       'not', 'or', 'pass', 'raise', 'return', 'try', 'while', 'with', 'yield'])

def _iskeyword(s):
    return s in _KEYWORDS

_repr_running = set()


def _guarded_repr(x, f, dots):
    # Py_ReprEnter/Py_ReprLeave: f(x), or dots when x's repr is already being made (a cycle)
    key = (id(x), _get_ident())
    if key in _repr_running:
        return dots
    _repr_running.add(key)
    try:
        return f(x)
    finally:
        _repr_running.discard(key)


def _dict_items_repr(d):
    return '{' + ', '.join([repr(k) + ': ' + repr(v) for k, v in dict.items(d)]) + '}'


def _dict_repr(d):
    # dict.__repr__ of a dict subclass instance
    return _guarded_repr(d, _dict_items_repr, '{...}')

class defaultdict(dict):
    __class_getitem__ = classmethod(_GenericAlias)
    def __init__(self, default_factory=None, /, *args, **kwargs):
        if default_factory is not None and not callable(default_factory):
            raise TypeError('first argument must be callable or None')
        self.default_factory = default_factory
        dict.__init__(self, *args, **kwargs)
    def __missing__(self, key):
        if self.default_factory is None:
            raise KeyError(key)
        self[key] = value = self.default_factory()
        return value
    def copy(self):
        return type(self)(self.default_factory, self)
    __copy__ = copy
    def __reduce__(self):
        args = () if self.default_factory is None else (self.default_factory,)
        return (type(self), args, None, None, iter(self.items()))
    def __repr__(self):
        f = self.default_factory
        fr = 'None' if f is None else _guarded_repr(f, repr, '...')
        return f'{type(self).__name__}({fr}, {_dict_repr(self)})'
    def __or__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = self.copy()
        new.update(other)
        return new
    def __ror__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = type(self)(self.default_factory, other)
        new.update(self)
        return new
    def __ior__(self, other):
        # dict's |=: any mapping or iterable of pairs
        dict.update(self, other)
        return self

def _odict_live(od, cur):
    # the keys in order after a mutation, and where cur now stands (len when it is gone)
    keys = list(dict.keys(od))
    for j in range(len(keys)):
        if keys[j] is cur:
            return keys, j
    return keys, len(keys)


def _odict_walk(od):
    # odict_repr / odict_copy: the nodes in order, each value looked up, no mutation check
    keys = list(dict.keys(od))
    st = (_od_state(od), len(od))
    i = 0
    while i < len(keys):
        k = keys[i]
        try:
            v = dict.__getitem__(od, k)
        except KeyError:
            raise KeyError(k) from None
        if (_od_state(od), len(od)) != st:
            keys, i = _odict_live(od, k)
            st = (_od_state(od), len(od))
        i += 1
        yield k, v


def _odict_repr(od):
    if not od:
        return f'{type(od).__name__}()'
    return f'{type(od).__name__}({list(_odict_walk(od))!r})'


class OrderedDict(dict):
    # a dict subclass in the dict's own order; _sable_odict's iterator makes CPython's odict
    # checks against od_state (the dict's count of additions, removals and moves of keys)
    __class_getitem__ = classmethod(_GenericAlias)
    def __init__(self, other=(), /, **kwds):
        self.update(other, **kwds)
    def setdefault(self, key, default=None):
        if type(self) is OrderedDict:
            return dict.setdefault(self, key, default)
        try:
            return self[key]
        except KeyError:
            self[key] = default
            return default
    def update(self, other=(), /, **kwds):
        if type(other) is dict:
            for k, v in list(dict.items(other)):
                self[k] = v
        elif hasattr(other, 'keys'):
            for k in other.keys():
                self[k] = other[k]
        else:
            for k, v in other:
                self[k] = v
        for k, v in kwds.items():
            self[k] = v
    def clear(self):
        _od_clear(self)
    def __iter__(self):
        return _od_iter(self, 0, False)
    def __reversed__(self):
        return _od_iter(self, 0, True)
    def keys(self):
        return odict_keys(self)
    def values(self):
        return odict_values(self)
    def items(self):
        return odict_items(self)
    def move_to_end(self, key, last=True):
        _od_move_to_end(self, key, last)
    def popitem(self, last=True):
        if not self:
            raise KeyError('dictionary is empty')
        if last:
            return dict.popitem(self)
        return _od_popfirst(self)
    @classmethod
    def fromkeys(cls, iterable, value=None):
        self = cls()
        for key in iterable:
            self[key] = value
        return self
    def copy(self):
        if type(self) is not OrderedDict:
            return type(self)(self)
        new = OrderedDict()
        for k, v in _odict_walk(self):
            dict.__setitem__(new, k, v)
        return new
    def __reduce__(self):
        return (type(self), (), _copyreg._getstate(self, False), None, iter(self.items()))
    def __eq__(self, other):
        r = dict.__eq__(self, other)
        if r is NotImplemented or not r or not isinstance(other, OrderedDict):
            return r
        a = list(dict.keys(self))
        b = list(dict.keys(other))
        sa, sb = _od_state(self), _od_state(other)
        for i in range(min(len(a), len(b))):
            same = a[i] is b[i] or bool(a[i] == b[i])
            if _od_state(self) != sa or _od_state(other) != sb:
                raise RuntimeError('OrderedDict mutated during iteration')
            if not same:
                return False
        return len(a) == len(b)
    def __ne__(self, other):
        r = self.__eq__(other)
        return r if r is NotImplemented else not r
    __hash__ = None
    def __repr__(self):
        return _guarded_repr(self, _odict_repr, '...')
    def __or__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = type(self)(self)
        new.update(other)
        return new
    def __ror__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = type(self)(other)
        new.update(self)
        return new
    def __ior__(self, other):
        self.update(other)
        return self

class Counter(dict):
    __class_getitem__ = classmethod(_GenericAlias)
    def __init__(self, iterable=None, /, **kwds):
        dict.__init__(self)
        self.update(iterable, **kwds)
    def __missing__(self, key):
        return 0
    def total(self):
        return sum(self.values())
    def most_common(self, n=None):
        items = sorted(self.items(), key=lambda kv: kv[1], reverse=True)
        return items if n is None else items[:max(n, 0)]
    def elements(self):
        for elem, count in self.items():
            for _ in range(count):
                yield elem
    @classmethod
    def fromkeys(cls, iterable, v=None):
        raise NotImplementedError(
            'Counter.fromkeys() is undefined.  Use Counter(iterable) instead.')
    def update(self, iterable=None, /, **kwds):
        if iterable is not None:
            if hasattr(iterable, 'keys'):
                if self:
                    for elem in iterable.keys():
                        self[elem] = iterable[elem] + self.get(elem, 0)
                else:
                    for elem in iterable.keys():
                        self[elem] = iterable[elem]
            else:
                for elem in iterable:
                    self[elem] = self.get(elem, 0) + 1
        if kwds:
            self.update(kwds)
    def subtract(self, iterable=None, /, **kwds):
        if iterable is not None:
            if hasattr(iterable, 'keys'):
                for elem in iterable.keys():
                    self[elem] = self.get(elem, 0) - iterable[elem]
            else:
                for elem in iterable:
                    self[elem] = self.get(elem, 0) - 1
        if kwds:
            self.subtract(kwds)
    def copy(self):
        return self.__class__(self)
    def __reduce__(self):
        return self.__class__, (dict(self),)
    def __delitem__(self, elem):
        if elem in self:
            dict.pop(self, elem)
    def __repr__(self):
        if not self:
            return f'{self.__class__.__name__}()'
        try:
            # dict() preserves the ordering returned by most_common()
            d = dict(self.most_common())
        except TypeError:
            # handle case where values are not orderable
            d = dict(self)
        return f'{self.__class__.__name__}({d!r})'
    def __eq__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return all(self[e] == other[e] for c in (self, other) for e in c)
    def __ne__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return not self == other
    __hash__ = None
    def __le__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return all(self[e] <= other[e] for c in (self, other) for e in c)
    def __lt__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return self <= other and self != other
    def __ge__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return all(self[e] >= other[e] for c in (self, other) for e in c)
    def __gt__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return self >= other and self != other
    def __add__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            newcount = count + other[elem]
            if newcount > 0:
                result[elem] = newcount
        for elem, count in other.items():
            if elem not in self and count > 0:
                result[elem] = count
        return result
    def __sub__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            newcount = count - other[elem]
            if newcount > 0:
                result[elem] = newcount
        for elem, count in other.items():
            if elem not in self and count < 0:
                result[elem] = 0 - count
        return result
    def __or__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            other_count = other[elem]
            newcount = other_count if count < other_count else count
            if newcount > 0:
                result[elem] = newcount
        for elem, count in other.items():
            if elem not in self and count > 0:
                result[elem] = count
        return result
    def __and__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            other_count = other[elem]
            newcount = count if count < other_count else other_count
            if newcount > 0:
                result[elem] = newcount
        return result
    def __pos__(self):
        result = Counter()
        for elem, count in self.items():
            if count > 0:
                result[elem] = count
        return result
    def __neg__(self):
        result = Counter()
        for elem, count in self.items():
            if count < 0:
                result[elem] = 0 - count
        return result
    def _keep_positive(self):
        for elem in [e for e, c in self.items() if not c > 0]:
            del self[elem]
        return self
    def __iadd__(self, other):
        for elem, count in other.items():
            self[elem] += count
        return self._keep_positive()
    def __isub__(self, other):
        for elem, count in other.items():
            self[elem] -= count
        return self._keep_positive()
    def __ior__(self, other):
        for elem, other_count in other.items():
            count = self[elem]
            if other_count > count:
                self[elem] = other_count
        return self._keep_positive()
    def __iand__(self, other):
        for elem, count in list(self.items()):
            other_count = other[elem]
            if other_count < count:
                self[elem] = other_count
        return self._keep_positive()

def _as_index(i, msg='sequence index must be integer, not {!r}'):
    """an int, or an object's __index__ (as CPython's deque takes them)"""
    if isinstance(i, int):
        return i
    f = getattr(type(i), '__index__', None)
    if f is None:
        raise TypeError(msg.format(type(i).__name__))
    return f(i)


def _same(a, b):
    # PyObject_RichCompareBool(a, b, Py_EQ): identity first, then ==
    return a is b or bool(a == b)


_DEQUE_OPS = (lambda a, b: a < b, lambda a, b: a <= b, lambda a, b: a == b,
              lambda a, b: a != b, lambda a, b: a > b, lambda a, b: a >= b)


def _deque_items_repr(d):
    r = d._deque__r
    m = r.maxlen
    if m is None:
        return f'{type(d).__name__}({r.tolist()!r})'
    return f'{type(d).__name__}({r.tolist()!r}, maxlen={m})'


class deque:
    # the items live in a native ring buffer (lang/stdlib/mod_deque.c) made by __new__, as
    # CPython's deque_new, so a subclass whose __init__ skips deque.__init__ still works. The
    # ring keeps CPython's state counter: its iterators, count, index, remove and `in` raise
    # "deque mutated during iteration" where CPython does.
    __class_getitem__ = classmethod(_GenericAlias)
    __abc_tpflags__ = 1 << 5   # a sequence for the match statement, as in CPython
    __hash__ = None
    def __new__(cls, *args, **kwargs):
        self = object.__new__(cls)
        self._deque__r = _dq_ring()
        return self
    def __init__(self, iterable=(), maxlen=None):
        if maxlen is not None:
            if not isinstance(maxlen, int):
                raise TypeError('an integer is required')
            if maxlen < 0:
                raise ValueError('maxlen must be non-negative')
        r = self._deque__r
        r.clear()
        r.setmaxlen(maxlen)
        if iterable is not self:
            r.extend(iterable)
    def _no_maxlen(self, v=None):
        raise AttributeError("attribute 'maxlen' of 'collections.deque' objects is not writable")
    maxlen = property(lambda self: self._deque__r.maxlen, _no_maxlen, _no_maxlen,
                      'maximum size of a deque or None if unbounded')
    # native methods (they bind as methods do): no Sable frame for the hot operations
    append = _dq_append
    appendleft = _dq_appendleft
    pop = _dq_pop
    popleft = _dq_popleft
    extend = _dq_extend
    extendleft = _dq_extendleft
    rotate = _dq_rotate
    clear = _dq_clear
    def copy(self):
        # deque_copy: an exact deque is copied directly, a subclass called with the deque
        t = type(self)
        r = self._deque__r
        if t is deque:
            new = object.__new__(deque)
            new._deque__r = r.copy()
            return new
        m = r.maxlen
        new = t(self) if m is None else t(self, m)
        if not isinstance(new, deque):
            raise TypeError(f'{t.__name__}() must return a deque, not {type(new).__name__}')
        return new
    __copy__ = copy
    def __reduce__(self):
        # CPython's deque_reduce; the instance attributes less the ring
        if _copyreg._own(type(self), '__getstate__') is not None:
            state = self.__getstate__()
        else:
            state = {k: v for k, v in vars(self).items() if k != '_deque__r'} or None
        m = self._deque__r.maxlen
        if m is None:
            return type(self), (), state, iter(self)
        return type(self), ((), m), state, iter(self)
    def count(self, x):
        return self._deque__r.count(x)
    def index(self, x, *args):
        if len(args) > 2:
            raise TypeError(f'index() takes at most 3 arguments ({len(args) + 1} given)')
        r = self._deque__r
        state = r.state   # before any __index__ runs, as CPython's deque_index
        start, stop = 0, len(r)
        if args:
            start = _as_index(args[0], 'slice indices must be integers or have an __index__ method')
        if len(args) > 1:
            stop = _as_index(args[1], 'slice indices must be integers or have an __index__ method')
        n = len(r)
        if stop < 0:
            stop = max(stop + n, 0)
        stop = min(stop, n)
        if start < 0:
            start = max(start + n, 0)
        start = min(start, stop)
        return r.index(x, start, stop, state)
    def insert(self, i, x):
        self._deque__r.insert(i, x)
    def remove(self, x):
        self._deque__r.remove(x)
    def reverse(self):
        self._deque__r.reverse()
    def __len__(self):
        return len(self._deque__r)
    def __bool__(self):
        return len(self._deque__r) != 0
    def __iter__(self):
        return self._deque__r.iter()
    def __reversed__(self):
        return self._deque__r.reviter()
    def __getitem__(self, i):
        return self._deque__r.get(i if type(i) is int else _as_index(i))
    def __setitem__(self, i, v):
        self._deque__r.set(i if type(i) is int else _as_index(i), v)
    def __delitem__(self, i):
        self._deque__r.delete(i if type(i) is int else _as_index(i))
    def __contains__(self, x):
        return self._deque__r.contains(x)
    def _compare(self, other, op):
        # deque_richcompare: walk both iterators to the first unequal pair
        if not isinstance(other, deque):
            return NotImplemented
        if op == 2 or op == 3:
            if self is other:
                return op == 2
            if len(self) != len(other):
                return op == 3
        it1 = iter(self)
        it2 = iter(other)
        end = object()
        while True:
            x = next(it1, end)
            y = next(it2, end)
            if x is end or y is end:
                break
            if not _same(x, y):
                return bool(_DEQUE_OPS[op](x, y))
        if op == 0:
            return y is not end
        if op == 1:
            return x is end
        if op == 2:
            return x is y
        if op == 3:
            return x is not y
        if op == 4:
            return x is not end
        return y is end
    def __lt__(self, other):
        return self._compare(other, 0)
    def __le__(self, other):
        return self._compare(other, 1)
    def __eq__(self, other):
        return self._compare(other, 2)
    def __ne__(self, other):
        return self._compare(other, 3)
    def __gt__(self, other):
        return self._compare(other, 4)
    def __ge__(self, other):
        return self._compare(other, 5)
    def __add__(self, other):
        if not isinstance(other, deque):
            raise TypeError(f'can only concatenate deque (not "{type(other).__name__}") to deque')
        new = self.copy()
        new.extend(other)
        return new
    def __iadd__(self, other):
        self.extend(other)
        return self
    def __mul__(self, n):
        n = _as_index(n, "can't multiply sequence by non-int of type {!r}")
        new = self.copy()
        new._deque__r.repeat(n)
        return new
    __rmul__ = __mul__
    def __imul__(self, n):
        n = _as_index(n, "can't multiply sequence by non-int of type {!r}")
        self._deque__r.repeat(n)
        return self
    def __repr__(self):
        return _guarded_repr(self, _deque_items_repr, '[...]')

from collections.abc import MutableMapping as _MutableMapping, MutableSequence as _MutableSequence
from collections.abc import Sequence as _Sequence
from collections.abc import KeysView as _KeysView, ValuesView as _ValuesView, ItemsView as _ItemsView

_MutableSequence.register(deque)

class ChainMap(_MutableMapping):
    __class_getitem__ = classmethod(_GenericAlias)
    def __init__(self, *maps):
        self.maps = list(maps) or [{}]
    def __missing__(self, key):
        raise KeyError(key)
    def __getitem__(self, key):
        for mapping in self.maps:
            try:
                return mapping[key]
            except KeyError:
                pass
        return self.__missing__(key)
    def get(self, key, default=None):
        return self[key] if key in self else default
    def __len__(self):
        return len(set().union(*self.maps))
    def __iter__(self):
        d = {}
        for mapping in reversed(self.maps):
            for k in mapping:
                d[k] = None
        return iter(d)
    def __contains__(self, key):
        return any(key in m for m in self.maps)
    def __bool__(self):
        return any(self.maps)
    def __repr__(self):
        return f'{self.__class__.__name__}({", ".join(map(repr, self.maps))})'
    @classmethod
    def fromkeys(cls, iterable, *args):
        return cls(dict.fromkeys(iterable, *args))
    def copy(self):
        return self.__class__(self.maps[0].copy(), *self.maps[1:])
    __copy__ = copy
    def new_child(self, m=None, **kwargs):
        if m is None:
            m = kwargs
        elif kwargs:
            m.update(kwargs)
        return self.__class__(m, *self.maps)
    @property
    def parents(self):
        return self.__class__(*self.maps[1:])
    def __setitem__(self, key, value):
        self.maps[0][key] = value
    def __delitem__(self, key):
        try:
            del self.maps[0][key]
        except KeyError:
            raise KeyError(f'Key not found in the first mapping: {key!r}')
    def popitem(self):
        try:
            return self.maps[0].popitem()
        except KeyError:
            raise KeyError('No keys found in the first mapping.')
    def pop(self, key, *args):
        try:
            return self.maps[0].pop(key, *args)
        except KeyError:
            raise KeyError(f'Key not found in the first mapping: {key!r}')
    def clear(self):
        self.maps[0].clear()
    def __or__(self, other):
        m = self.copy()
        m.maps[0].update(other)
        return m
    def __ior__(self, other):
        self.maps[0].update(other)
        return self

class UserDict(_MutableMapping):
    __class_getitem__ = classmethod(_GenericAlias)
    def __init__(self, dict=None, /, **kwargs):
        self.data = {}
        if dict is not None:
            self.update(dict)
        if kwargs:
            self.update(kwargs)
    def __len__(self):
        return len(self.data)
    def __getitem__(self, key):
        if key in self.data:
            return self.data[key]
        if hasattr(self.__class__, "__missing__"):
            return self.__class__.__missing__(self, key)
        raise KeyError(key)
    def __setitem__(self, key, item):
        self.data[key] = item
    def __delitem__(self, key):
        del self.data[key]
    def __iter__(self):
        return iter(self.data)
    def __contains__(self, key):
        return key in self.data
    def get(self, key, default=None):
        if key in self:
            return self[key]
        return default
    def __repr__(self):
        return repr(self.data)
    def __eq__(self, other):
        if isinstance(other, UserDict):
            return self.data == other.data
        return self.data == other
    __hash__ = None
    def __or__(self, other):
        if isinstance(other, UserDict):
            return self.__class__(self.data | other.data)
        if isinstance(other, dict):
            return self.__class__(self.data | other)
        return NotImplemented
    def __ior__(self, other):
        self.update(other)
        return self
    def copy(self):
        return self.__class__(self.data.copy())
    @classmethod
    def fromkeys(cls, iterable, value=None):
        d = cls()
        for key in iterable:
            d[key] = value
        return d

class UserList(_MutableSequence):
    __class_getitem__ = classmethod(_GenericAlias)
    def __init__(self, initlist=None):
        self.data = []
        if initlist is not None:
            if type(initlist) == type(self.data):
                self.data[:] = initlist
            elif isinstance(initlist, UserList):
                self.data[:] = initlist.data[:]
            else:
                self.data = list(initlist)
    def __repr__(self):
        return repr(self.data)
    def _cast(self, other):
        return other.data if isinstance(other, UserList) else other
    def __lt__(self, other):
        return self.data < self._cast(other)
    def __le__(self, other):
        return self.data <= self._cast(other)
    def __eq__(self, other):
        return self.data == self._cast(other)
    def __gt__(self, other):
        return self.data > self._cast(other)
    def __ge__(self, other):
        return self.data >= self._cast(other)
    __hash__ = None
    def __contains__(self, item):
        return item in self.data
    def __len__(self):
        return len(self.data)
    def __iter__(self):
        return iter(self.data)
    def __getitem__(self, i):
        if isinstance(i, slice):
            return self.__class__(self.data[i])
        return self.data[i]
    def __setitem__(self, i, item):
        self.data[i] = item
    def __delitem__(self, i):
        del self.data[i]
    def __add__(self, other):
        if isinstance(other, UserList):
            return self.__class__(self.data + other.data)
        if isinstance(other, type(self.data)):
            return self.__class__(self.data + other)
        return self.__class__(self.data + list(other))
    def __radd__(self, other):
        if isinstance(other, UserList):
            return self.__class__(other.data + self.data)
        if isinstance(other, type(self.data)):
            return self.__class__(other + self.data)
        return self.__class__(list(other) + self.data)
    def __iadd__(self, other):
        if isinstance(other, UserList):
            self.data += other.data
        else:
            self.data += list(other)
        return self
    def __mul__(self, n):
        return self.__class__(self.data * n)
    __rmul__ = __mul__
    def __imul__(self, n):
        self.data *= n
        return self
    def append(self, item):
        self.data.append(item)
    def insert(self, i, item):
        self.data.insert(i, item)
    def pop(self, i=-1):
        return self.data.pop(i)
    def remove(self, item):
        self.data.remove(item)
    def clear(self):
        self.data.clear()
    def copy(self):
        return self.__class__(self)
    def count(self, item):
        return self.data.count(item)
    def index(self, item, *args):
        return self.data.index(item, *args)
    def reverse(self):
        self.data.reverse()
    def sort(self, /, *args, **kwds):
        self.data.sort(*args, **kwds)
    def extend(self, other):
        if isinstance(other, UserList):
            self.data.extend(other.data)
        else:
            self.data.extend(other)

class UserString(_Sequence):
    __class_getitem__ = classmethod(_GenericAlias)
    def __init__(self, seq):
        if isinstance(seq, str):
            self.data = seq
        elif isinstance(seq, UserString):
            self.data = seq.data[:]
        else:
            self.data = str(seq)
    def __str__(self):
        return str(self.data)
    def __repr__(self):
        return repr(self.data)
    def __int__(self):
        return int(self.data)
    def __float__(self):
        return float(self.data)
    def __hash__(self):
        return hash(self.data)
    def _cast(self, other):
        return other.data if isinstance(other, UserString) else other
    def __eq__(self, string):
        return self.data == self._cast(string)
    def __lt__(self, string):
        return self.data < self._cast(string)
    def __le__(self, string):
        return self.data <= self._cast(string)
    def __gt__(self, string):
        return self.data > self._cast(string)
    def __ge__(self, string):
        return self.data >= self._cast(string)
    def __contains__(self, char):
        return self._cast(char) in self.data
    def __len__(self):
        return len(self.data)
    def __iter__(self):
        return iter(self.data)
    def __getitem__(self, index):
        return self.__class__(self.data[index])
    def __add__(self, other):
        if isinstance(other, UserString):
            return self.__class__(self.data + other.data)
        elif isinstance(other, str):
            return self.__class__(self.data + other)
        return self.__class__(self.data + str(other))
    def __radd__(self, other):
        if isinstance(other, str):
            return self.__class__(other + self.data)
        return self.__class__(str(other) + self.data)
    def __mul__(self, n):
        return self.__class__(self.data * n)
    __rmul__ = __mul__
    def __mod__(self, args):
        return self.__class__(self.data % args)
    def __getattr__(self, name):
        # the str methods: results that are str come back as this class, as CPython's do
        if name.startswith('__'):
            raise AttributeError(name)
        attr = getattr(self.data, name)
        if not callable(attr):
            return attr
        def method(*args, **kwargs):
            args = [a.data if isinstance(a, UserString) else a for a in args]
            r = attr(*args, **kwargs)
            return self.__class__(r) if isinstance(r, str) else r
        return method

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


class _OdictView:
    # odict_keys / odict_values / odict_items: iteration by the odict iterator
    __slots__ = ('_mapping',)
    _kind = 0
    def __init__(self, od):
        self._mapping = od
    def __len__(self):
        return len(self._mapping)
    def __iter__(self):
        return _od_iter(self._mapping, self._kind, False)
    def __reversed__(self):
        return _od_iter(self._mapping, self._kind, True)
    def __repr__(self):
        return f'{type(self).__name__}({list(self)!r})'


def _all_in(a, b):
    for x in a:
        if x not in b:
            return False
    return True


class _OdictSetView(_OdictView):
    # dictview_richcompare and the dictviews_* set operations on the view's iteration
    __slots__ = ()
    def _cmp(self, other, op):
        if not isinstance(other, (set, frozenset, _OdictSetView, type({}.keys()), type({}.items()))):
            return NotImplemented
        la, lb = len(self), len(other)
        if op == 0:
            return la == lb and _all_in(self, other)
        if op == 1:
            return la < lb and _all_in(self, other)
        if op == 2:
            return la <= lb and _all_in(self, other)
        if op == 3:
            return la > lb and _all_in(other, self)
        return la >= lb and _all_in(other, self)
    def __eq__(self, other):
        return self._cmp(other, 0)
    def __ne__(self, other):
        r = self._cmp(other, 0)
        return r if r is NotImplemented else not r
    def __lt__(self, other):
        return self._cmp(other, 1)
    def __le__(self, other):
        return self._cmp(other, 2)
    def __gt__(self, other):
        return self._cmp(other, 3)
    def __ge__(self, other):
        return self._cmp(other, 4)
    __hash__ = None
    def __and__(self, other):
        return set(self) & set(other)
    def __rand__(self, other):
        return set(other) & set(self)
    def __or__(self, other):
        s = set(self)
        s.update(other)
        return s
    def __ror__(self, other):
        s = set(other)
        s.update(self)
        return s
    def __sub__(self, other):
        s = set(self)
        s.difference_update(other)
        return s
    def __rsub__(self, other):
        s = set(other)
        s.difference_update(self)
        return s
    def __xor__(self, other):
        s = set(self)
        s.symmetric_difference_update(other)
        return s
    def __rxor__(self, other):
        s = set(other)
        s.symmetric_difference_update(self)
        return s
    def isdisjoint(self, other):
        for x in other:
            if x in self:
                return False
        return True


class odict_keys(_OdictSetView):
    __slots__ = ()
    def __contains__(self, key):
        return dict.__contains__(self._mapping, key)


class odict_values(_OdictView):
    __slots__ = ()
    _kind = 1


class odict_items(_OdictSetView):
    __slots__ = ()
    _kind = 2
    def __contains__(self, item):
        if not isinstance(item, tuple) or len(item) != 2:
            return False
        key, value = item
        try:
            v = dict.__getitem__(self._mapping, key)
        except KeyError:
            return False
        return v is value or v == value


_KeysView.register(odict_keys)
_ValuesView.register(odict_values)
_ItemsView.register(odict_items)
