# copyreg - the reduce protocol that copy and pickle share, as CPython 3.11's copyreg:
# dispatch_table, pickle(), constructor(), __newobj__/__newobj_ex__/_reconstructor and
# _reduce_ex (protocols 0 and 1). object's __reduce_ex__, __reduce__ and __getstate__ (native,
# lang/core/typeobj.c) call _object_reduce_ex, _object_reduce and _object_getstate here, which
# compute typeobject.c's reductions and stand in for set's, frozenset's and bytearray's own;
# _sable_reduce_ex(obj, proto) is obj.__reduce_ex__(proto) with object's inlined (copy, pickle).

__all__ = ["pickle", "constructor", "add_extension", "remove_extension", "clear_extension_cache"]

dispatch_table = {}


def pickle(ob_type, pickle_function, constructor_ob=None):
    if not callable(pickle_function):
        raise TypeError("reduction functions must be callable")
    dispatch_table[ob_type] = pickle_function
    if constructor_ob is not None:
        constructor(constructor_ob)


def constructor(object):
    if not callable(object):
        raise TypeError("constructors must be callable")


def _reconstructor(cls, base, state):
    if base is object:
        obj = object.__new__(cls)
    else:
        obj = base.__new__(cls, state)
        if base.__init__ != object.__init__:
            base.__init__(obj, state)
    return obj


def __newobj__(cls, *args):
    return cls.__new__(cls, *args)


def __newobj_ex__(cls, args, kwargs):
    return cls.__new__(cls, *args, **kwargs)


def _slotnames(cls):
    # Sable keeps slot values in the instance __dict__, so no state is ever found only here
    names = cls.__dict__.get("__slotnames__")
    if names is not None:
        return names
    names = []
    for c in cls.__mro__:
        if "__slots__" in c.__dict__:
            slots = c.__dict__["__slots__"]
            if isinstance(slots, str):
                slots = (slots,)
            for name in slots:
                if name in ("__dict__", "__weakref__"):
                    continue
                if name.startswith("__") and not name.endswith("__"):
                    stripped = c.__name__.lstrip("_")
                    if stripped:
                        names.append("_%s%s" % (stripped, name))
                    else:
                        names.append(name)
                else:
                    names.append(name)
    try:
        cls.__slotnames__ = names
    except Exception:
        pass
    return names


_extension_registry = {}
_inverted_registry = {}
_extension_cache = {}


def add_extension(module, name, code):
    code = int(code)
    if not 1 <= code <= 0x7fffffff:
        raise ValueError("code out of range")
    key = (module, name)
    if (_extension_registry.get(key) == code and _inverted_registry.get(code) == key):
        return
    if key in _extension_registry:
        raise ValueError("key %s is already registered with code %s" %
                         (key, _extension_registry[key]))
    if code in _inverted_registry:
        raise ValueError("code %s is already in use for key %s" %
                         (code, _inverted_registry[code]))
    _extension_registry[key] = code
    _inverted_registry[code] = key


def remove_extension(module, name, code):
    key = (module, name)
    if (_extension_registry.get(key) != code or _inverted_registry.get(code) != key):
        raise ValueError("key %s is not registered with code %s" % (key, code))
    del _extension_registry[key]
    del _inverted_registry[code]
    if code in _extension_cache:
        del _extension_cache[code]


def clear_extension_cache():
    _extension_cache.clear()


# ---- object.__reduce_ex__ and the builtins' reducers -----------------------------------------
_MISSING = object()


def _builtin_base(cls):
    # the first class of the MRO that is a builtin type (CPython: not a heap type)
    for base in cls.__mro__:
        if getattr(base, "__module__", None) == "builtins":
            return base
    return object


def _own(cls, name):
    # the method named so that the class or a base not among the builtins defines; the
    # builtins' are stood in for here (Sable's str.__getnewargs__ returns the subclass
    # instance itself; object's __reduce_ex__, __reduce__, __getstate__ call back here)
    if name not in _BUILTINS_HAVE:
        return getattr(cls, name, None)
    for base in cls.__mro__:
        if getattr(base, "__module__", None) != "builtins" and name in base.__dict__:
            return base.__dict__[name]
    return None


_BUILTINS_HAVE = ("__getnewargs__", "__reduce_ex__", "__reduce__", "__getstate__")
_OBJECT_REDUCE_EX = object.__reduce_ex__
_OBJECT_REDUCE = object.__reduce__
_OBJECT_GETSTATE = object.__getstate__


def _user_getstate(cls):
    # a __getstate__ other than object's (CPython calls any such, None included)
    return getattr(cls, "__getstate__", _OBJECT_GETSTATE) is not _OBJECT_GETSTATE


def _split_slots(cls, d):
    # CPython keeps slot values apart from __dict__ and gives them as (dict or None, slots);
    # Sable keeps them in the instance __dict__
    names = cls.__dict__.get("__slotnames__")
    if names is None:
        names = _slotnames(cls)
    if not names:
        return d or None
    slots = {}
    rest = {}
    for k, v in d.items():
        if k in names:
            slots[k] = v
        else:
            rest[k] = v
    if not slots:
        return rest or None
    return (rest or None, slots)


def _getstate(obj, required, cls=None, base=None):
    # the state a reduction saves: a __getstate__ of the class's own, else object's
    if cls is None:
        cls = type(obj)
    if _user_getstate(cls):
        return obj.__getstate__()
    return _object_getstate(obj, required, cls, base)


def _object_getstate(obj, required=False, cls=None, base=None):
    # object.__getstate__: the instance __dict__ (None when empty), slot values apart
    if cls is None:
        cls = type(obj)
    if base is None:
        base = _builtin_base(cls)
    if required and base in (int, str, bytes, tuple):
        raise TypeError("cannot pickle %s objects" % cls.__name__)
    try:
        d = obj.__dict__
    except AttributeError:
        d = _MISSING
    if required and (d is _MISSING or base not in (object, list, dict)):
        raise TypeError("cannot pickle %r object" % cls.__name__)
    if d is _MISSING or not d:
        return None
    return _split_slots(cls, d)


def _newargs(obj, cls, base):
    # __getnewargs_ex__ / __getnewargs__: a user's, or the builtin's own (tuple, int, str, ...)
    if getattr(cls, "__getnewargs_ex__", None) is not None:
        r = obj.__getnewargs_ex__()
        if not isinstance(r, tuple):
            raise TypeError("__getnewargs_ex__ should return a tuple, not '%s'" % type(r).__name__)
        if len(r) != 2:
            raise ValueError("__getnewargs_ex__ should return a tuple of length 2, not %d" % len(r))
        args, kwargs = r
        if not isinstance(args, tuple):
            raise TypeError("first item of the tuple returned by __getnewargs_ex__ must be "
                            "a tuple, not '%s'" % type(args).__name__)
        if not isinstance(kwargs, dict):
            raise TypeError("second item of the tuple returned by __getnewargs_ex__ must be "
                            "a dict, not '%s'" % type(kwargs).__name__)
        return args, kwargs
    if (getattr(cls, "__getnewargs__", None) is not None and
            (base is object or _own(cls, "__getnewargs__") is not None)):
        args = obj.__getnewargs__()
        if not isinstance(args, tuple):
            raise TypeError("__getnewargs__ should return a tuple, not '%s'" % type(args).__name__)
        return args, None
    if base in (int, float, str, bytes, tuple, bool):
        return (base(obj),), None
    return None, None


def _reduce_newobj(obj, proto, cls, base):
    args, kwargs = _newargs(obj, cls, base)
    hasargs = args is not None
    if args is None:
        args = ()
    state = _getstate(obj, not hasargs and base is not list and base is not dict, cls, base)
    listitems = iter(obj) if base is list else None
    dictitems = iter(obj.items()) if base is dict else None
    if not kwargs:
        return (__newobj__, (cls,) + args, state, listitems, dictitems)
    if proto >= 2:
        return (__newobj_ex__, (cls, args, kwargs), state, listitems, dictitems)
    raise ValueError("must use protocol 4 or greater to copy this object; "
                     "since __getnewargs_ex__ returned keyword arguments.")


def _reduce_ex(self, proto):
    # object.__reduce_ex__ for protocols 0 and 1, as CPython's copyreg._reduce_ex
    assert proto < 2
    cls = self.__class__
    base = _builtin_base(cls)
    if base is object:
        state = None
    else:
        if base is cls:
            raise TypeError(f"cannot pickle {cls.__name__!r} object")
        state = base(self)
    args = (cls, base, state)
    if _user_getstate(cls):
        dict = self.__getstate__()
    else:
        if getattr(self, "__slots__", None):
            raise TypeError("a class that defines __slots__ without "
                            "defining __getstate__ cannot be pickled")
        dict = _object_getstate(self, False, cls)
    if dict:
        return _reconstructor, args, dict
    else:
        return _reconstructor, args


def _reduce_set(obj, proto):
    return (type(obj), (list(obj),), _getstate(obj, False))


def _reduce_bytearray(obj, proto):
    state = _getstate(obj, False)
    if proto < 3:
        return (type(obj), (bytes(obj).decode("latin-1"), "latin-1"), state)
    return (type(obj), (bytes(obj),), state)


_builtin_reducers = {set: _reduce_set, frozenset: _reduce_set, bytearray: _reduce_bytearray}


def _sable_reduce_ex(obj, proto):
    # what obj.__reduce_ex__(proto) returns in CPython, object's inlined
    cls = type(obj)
    rex = getattr(cls, "__reduce_ex__", None)
    if rex is not _OBJECT_REDUCE_EX and rex is not None:
        return obj.__reduce_ex__(proto)
    red = getattr(cls, "__reduce__", None)
    if red is not _OBJECT_REDUCE and red is not None:
        return obj.__reduce__()
    base = _builtin_base(cls)
    if (base is object and proto >= 2 and not _user_getstate(cls) and
            getattr(cls, "__getnewargs_ex__", None) is None and
            getattr(cls, "__getnewargs__", None) is None):
        # the common case of _reduce_newobj, inline: an instance of a class written in Python
        try:
            d = obj.__dict__
        except AttributeError:
            raise TypeError("cannot pickle %r object" % cls.__name__) from None
        return (__newobj__, (cls,), _split_slots(cls, d) if d else None, None, None)
    return _object_reduce(obj, proto, cls, base)


def _object_reduce_ex(obj, proto):
    # object.__reduce_ex__(proto): an overriding __reduce__, else object's reduction
    cls = type(obj)
    if getattr(cls, "__reduce__", _OBJECT_REDUCE) is not _OBJECT_REDUCE:
        return obj.__reduce__()
    return _object_reduce(obj, proto)


def _object_reduce(obj, proto, cls=None, base=None):
    # object.__reduce__ (protocol 0) and the reduction object.__reduce_ex__ falls back to;
    # set's, frozenset's and bytearray's own reductions, which CPython's types define
    if cls is None:
        cls = type(obj)
        base = _builtin_base(cls)
    r = _builtin_reducers.get(base)
    if r is not None:
        return r(obj, proto)
    if proto >= 2:
        return _reduce_newobj(obj, proto, cls, base)
    return _reduce_ex(obj, proto)
