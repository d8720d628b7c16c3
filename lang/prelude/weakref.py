# weakref - weak references (CPython 3.11's module): ref/proxy come from the native _weakref;
# the weak containers and finalize are written over them here, as CPython's Lib/weakref.py.

from _weakref import (ref, proxy, getweakrefcount, getweakrefs, ReferenceType, ProxyType,
                      CallableProxyType)
import sys as _sys
import itertools as _itertools

ProxyTypes = (ProxyType, CallableProxyType)

__all__ = ["ref", "proxy", "getweakrefcount", "getweakrefs", "WeakKeyDictionary",
           "ReferenceType", "ProxyType", "CallableProxyType", "ProxyTypes",
           "WeakValueDictionary", "WeakSet", "WeakMethod", "finalize"]


class WeakMethod:
    """A weak reference to a bound method that dies with its object or its function."""

    def __init__(self, meth, callback=None):
        try:
            obj = meth.__self__
            func = meth.__func__
        except AttributeError:
            raise TypeError("argument should be a bound method, not {}"
                            .format(type(meth))) from None
        self_wr = [None]

        def _cb(arg):
            me = self_wr[0]
            if me is not None and me._alive:
                me._alive = False
                if callback is not None:
                    callback(me)
        self._obj_ref = ref(obj, _cb)
        self._func_ref = ref(func, _cb)
        self._meth_type = type(meth)
        self._alive = True
        self_wr[0] = self

    def __call__(self):
        obj = self._obj_ref()
        func = self._func_ref()
        if obj is None or func is None:
            return None
        return self._meth_type(func, obj)

    def __eq__(self, other):
        if isinstance(other, WeakMethod):
            if not self._alive or not other._alive:
                return self is other
            return self._obj_ref == other._obj_ref and self._func_ref == other._func_ref
        return NotImplemented

    def __ne__(self, other):
        r = self.__eq__(other)
        return r if r is NotImplemented else not r

    def __hash__(self):
        return hash((self._obj_ref, self._func_ref))


class WeakValueDictionary:
    """Mapping class that references values weakly: an entry goes when its value dies."""

    def __init__(self, other=(), /, **kw):
        self.data = {}
        selfref = ref(self)

        def remove(wr, key):
            self = selfref()
            if self is not None:
                cur = self.data.get(key)
                if cur is wr:
                    del self.data[key]
        self._remove = remove
        self.update(other, **kw)

    def _ref(self, value, key):
        remove = self._remove
        return ref(value, lambda wr: remove(wr, key))

    def __getitem__(self, key):
        o = self.data[key]()
        if o is None:
            raise KeyError(key)
        return o

    def __delitem__(self, key):
        del self.data[key]

    def __len__(self):
        return sum(1 for wr in list(self.data.values()) if wr() is not None)

    def __contains__(self, key):
        try:
            o = self.data[key]()
        except KeyError:
            return False
        return o is not None

    def __repr__(self):
        return "<%s at %#x>" % (self.__class__.__name__, id(self))

    def __setitem__(self, key, value):
        self.data[key] = self._ref(value, key)

    def copy(self):
        new = WeakValueDictionary()
        for key, wr in list(self.data.items()):
            o = wr()
            if o is not None:
                new[key] = o
        return new

    __copy__ = copy

    def get(self, key, default=None):
        try:
            wr = self.data[key]
        except KeyError:
            return default
        o = wr()
        return default if o is None else o

    def items(self):
        for k, wr in list(self.data.items()):
            v = wr()
            if v is not None:
                yield k, v

    def keys(self):
        for k, wr in list(self.data.items()):
            if wr() is not None:
                yield k

    __iter__ = keys

    def values(self):
        for wr in list(self.data.values()):
            obj = wr()
            if obj is not None:
                yield obj

    def itervaluerefs(self):
        yield from list(self.data.values())

    def valuerefs(self):
        return list(self.data.values())

    def popitem(self):
        while True:
            key, wr = self.data.popitem()
            o = wr()
            if o is not None:
                return key, o

    def pop(self, key, *args):
        try:
            o = self.data.pop(key)()
        except KeyError:
            o = None
        if o is None:
            if args:
                return args[0]
            raise KeyError(key)
        return o

    def setdefault(self, key, default=None):
        try:
            o = self.data[key]()
        except KeyError:
            o = None
        if o is None:
            self.data[key] = self._ref(default, key)
            return default
        return o

    def update(self, other=None, /, **kwargs):
        d = self.data
        if other is not None:
            if not hasattr(other, "items"):
                other = dict(other)
            for key, o in other.items():
                d[key] = self._ref(o, key)
        for key, o in kwargs.items():
            d[key] = self._ref(o, key)

    def __or__(self, other):
        c = self.copy()
        c.update(other)
        return c


class WeakKeyDictionary:
    """Mapping class that references keys weakly: an entry goes when its key dies."""

    def __init__(self, dict=None):
        self.data = {}
        selfref = ref(self)

        def remove(k):
            self = selfref()
            if self is not None:
                try:
                    del self.data[k]
                except KeyError:
                    pass
        self._remove = remove
        if dict is not None:
            self.update(dict)

    def __delitem__(self, key):
        del self.data[ref(key)]

    def __getitem__(self, key):
        return self.data[ref(key)]

    def __len__(self):
        return sum(1 for wr in list(self.data) if wr() is not None)

    def __repr__(self):
        return "<%s at %#x>" % (self.__class__.__name__, id(self))

    def __setitem__(self, key, value):
        self.data[ref(key, self._remove)] = value

    def copy(self):
        new = WeakKeyDictionary()
        for key, value in list(self.data.items()):
            o = key()
            if o is not None:
                new[o] = value
        return new

    __copy__ = copy

    def get(self, key, default=None):
        return self.data.get(ref(key), default)

    def __contains__(self, key):
        try:
            wr = ref(key)
        except TypeError:
            return False
        return wr in self.data

    def items(self):
        for wr, value in list(self.data.items()):
            key = wr()
            if key is not None:
                yield key, value

    def keys(self):
        for wr in list(self.data):
            obj = wr()
            if obj is not None:
                yield obj

    __iter__ = keys

    def values(self):
        for wr, value in list(self.data.items()):
            if wr() is not None:
                yield value

    def keyrefs(self):
        return list(self.data)

    def popitem(self):
        while True:
            key, value = self.data.popitem()
            o = key()
            if o is not None:
                return o, value

    def pop(self, key, *args):
        return self.data.pop(ref(key), *args)

    def setdefault(self, key, default=None):
        return self.data.setdefault(ref(key, self._remove), default)

    def update(self, dict=None, /, **kwargs):
        d = self.data
        if dict is not None:
            if not hasattr(dict, "items"):
                dict = type({})(dict)
            for key, value in dict.items():
                d[ref(key, self._remove)] = value
        if len(kwargs):
            self.update(kwargs)


class WeakSet:
    """A set whose elements are referenced weakly."""

    def __init__(self, data=None):
        self.data = set()
        selfref = ref(self)

        def _remove(item):
            self = selfref()
            if self is not None:
                self.data.discard(item)
        self._remove = _remove
        if data is not None:
            self.update(data)

    def __iter__(self):
        for itemref in list(self.data):
            item = itemref()
            if item is not None:
                yield item

    def __len__(self):
        return sum(1 for r in list(self.data) if r() is not None)

    def __contains__(self, item):
        try:
            wr = ref(item)
        except TypeError:
            return False
        return wr in self.data

    def __repr__(self):
        return "{}({!r})".format(type(self).__name__, list(self))

    def add(self, item):
        self.data.add(ref(item, self._remove))

    def clear(self):
        self.data.clear()

    def copy(self):
        return self.__class__(self)

    def pop(self):
        while True:
            try:
                itemref = self.data.pop()
            except KeyError:
                raise KeyError("pop from empty WeakSet") from None
            item = itemref()
            if item is not None:
                return item

    def remove(self, item):
        self.data.remove(ref(item))

    def discard(self, item):
        self.data.discard(ref(item))

    def update(self, other):
        for element in other:
            self.add(element)

    def __ior__(self, other):
        self.update(other)
        return self

    def difference(self, other):
        newset = self.copy()
        newset.difference_update(other)
        return newset
    __sub__ = difference

    def difference_update(self, other):
        if self is other:
            self.data.clear()
        else:
            self.data.difference_update(ref(item) for item in other)

    def intersection(self, other):
        return self.__class__(item for item in other if item in self)
    __and__ = intersection

    def union(self, other):
        return self.__class__(_itertools.chain(self, other))
    __or__ = union

    def issubset(self, other):
        return all(item in other for item in self)
    __le__ = issubset

    def issuperset(self, other):
        return all(item in self for item in other)
    __ge__ = issuperset

    def __eq__(self, other):
        if not isinstance(other, self.__class__):
            return NotImplemented
        return set(self.data) == set(other.data)

    def isdisjoint(self, other):
        return len(self.intersection(other)) == 0


class _FinalizeInfo:
    __slots__ = ("weakref", "func", "args", "kwargs", "atexit", "index")


class finalize:
    """Class for finalization of weakrefable objects: finalize(obj, func, *args, **kwargs)
    calls func(*args, **kwargs) once, when obj dies or at exit (while atexit is true)."""

    _registry = {}
    _shutdown = False
    _index_iter = _itertools.count()
    _dirty = False
    _registered_with_atexit = False

    def __init__(self, obj, func, /, *args, **kwargs):
        if not finalize._registered_with_atexit:
            import atexit
            atexit.register(finalize._exitfunc)
            finalize._registered_with_atexit = True
        info = _FinalizeInfo()
        info.weakref = ref(obj, self)
        info.func = func
        info.args = args
        info.kwargs = kwargs or None
        info.atexit = True
        info.index = next(finalize._index_iter)
        finalize._registry[self] = info
        finalize._dirty = True

    def __call__(self, _=None):
        info = finalize._registry.pop(self, None)
        if info and not finalize._shutdown:
            return info.func(*info.args, **(info.kwargs or {}))

    def detach(self):
        info = finalize._registry.get(self)
        obj = info and info.weakref()
        if obj is not None and finalize._registry.pop(self, None):
            return (obj, info.func, info.args, info.kwargs or {})

    def peek(self):
        info = finalize._registry.get(self)
        obj = info and info.weakref()
        if obj is not None:
            return (obj, info.func, info.args, info.kwargs or {})

    @property
    def alive(self):
        return self in finalize._registry

    @property
    def atexit(self):
        info = finalize._registry.get(self)
        return bool(info) and info.atexit

    @atexit.setter
    def atexit(self, value):
        info = finalize._registry.get(self)
        if info:
            info.atexit = bool(value)

    def __repr__(self):
        info = finalize._registry.get(self)
        obj = info and info.weakref()
        if obj is None:
            return '<%s object at %#x; dead>' % (type(self).__name__, id(self))
        return '<%s object at %#x; for %r at %#x>' % (type(self).__name__, id(self),
                                                      type(obj).__name__, id(obj))

    @classmethod
    def _select_for_exit(cls):
        L = [(f, i) for (f, i) in cls._registry.items() if i.atexit]
        L.sort(key=lambda item: item[1].index)
        return [f for (f, i) in L]

    @classmethod
    def _exitfunc(cls):
        try:
            if cls._registry:
                pending = None
                while True:
                    if pending is None or finalize._dirty:
                        pending = cls._select_for_exit()
                        finalize._dirty = False
                    if not pending:
                        break
                    f = pending.pop()
                    try:
                        f()
                    except Exception:
                        _sys.excepthook(*_sys.exc_info())
        finally:
            finalize._shutdown = True
