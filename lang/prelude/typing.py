# typing - runtime objects of CPython 3.11's typing module, with its reprs: special forms,
# generic aliases and their subscriptions, TypeVar, cast, overload, NamedTuple, TypedDict.
# Generic[T], Box[int] and typing.List[int] as bases go through PEP 560's __mro_entries__ (the
# class statement, lang/core/call.c); list[int] is a types.GenericAlias (lang/core/union.c).
import sys as _sys
import collections as _collections

TYPE_CHECKING = False

def _type_repr(obj):
    if isinstance(obj, type):
        if obj.__module__ == "builtins":
            return obj.__qualname__
        return obj.__module__ + "." + obj.__qualname__
    if obj is ...:
        return "..."
    if type(obj).__name__ == "function":
        return obj.__name__
    return repr(obj)

def _type_check(arg):
    if arg is None:
        return type(None)
    if isinstance(arg, str):
        return ForwardRef(arg)
    return arg

def _union(a, b):
    return Union[a, b]

class _Final:
    def __or__(self, other):
        return _union(self, other)

    def __ror__(self, other):
        return _union(other, self)

class ForwardRef(_Final):
    def __init__(self, arg):
        if not isinstance(arg, str):
            raise TypeError("Forward reference must be a string -- got " + repr(arg))
        self.__forward_arg__ = arg

    def __eq__(self, other):
        if not isinstance(other, ForwardRef):
            return NotImplemented
        return self.__forward_arg__ == other.__forward_arg__

    def __hash__(self):
        return hash(("ForwardRef", self.__forward_arg__))

    def __repr__(self):
        return "ForwardRef(" + repr(self.__forward_arg__) + ")"

class TypeVar(_Final):
    def __init__(self, name, *constraints, bound=None, covariant=False, contravariant=False):
        if covariant and contravariant:
            raise ValueError("Bivariant types are not supported.")
        if constraints and bound is not None:
            raise TypeError("Constraints cannot be combined with bound=...")
        if len(constraints) == 1:
            raise TypeError("A single constraint is not allowed")
        self.__name__ = name
        self.__covariant__ = bool(covariant)
        self.__contravariant__ = bool(contravariant)
        self.__constraints__ = tuple(_type_check(c) for c in constraints)
        self.__bound__ = None if bound is None else _type_check(bound)

    def __repr__(self):
        if self.__covariant__:
            prefix = "+"
        elif self.__contravariant__:
            prefix = "-"
        else:
            prefix = "~"
        return prefix + self.__name__

    def __typing_subst__(self, arg):
        # marks a type variable for types.GenericAlias's __parameters__, as in CPython 3.11
        return _type_check(arg)

class _SpecialForm(_Final):
    def __init__(self, name, getitem):
        self._name = name
        self._getitem = getitem

    def __repr__(self):
        return "typing." + self._name

    def __getitem__(self, parameters):
        return self._getitem(self, parameters)

    def __call__(self, *args, **kwds):
        raise TypeError("Cannot instantiate " + repr(self))

# The aliases of builtin containers refuse to be called, as in CPython.
_NOINST = ("List", "Dict", "Set", "FrozenSet", "Tuple")

class _GenericAlias(_Final):
    # A subscripted form: typing.List[int], typing.Union[int, str], typing.Literal[1].
    def __init__(self, origin, args, name):
        self.__origin__ = origin
        self.__args__ = args
        self._name = name

    def __repr__(self):
        if self._name == "Union" and len(self.__args__) == 2 and type(None) in self.__args__:
            other = self.__args__[0] if self.__args__[1] is type(None) else self.__args__[1]
            return "typing.Optional[" + _type_repr(other) + "]"
        if self._name == "Callable" and len(self.__args__) == 2 and self.__args__[0] is ...:
            return "typing.Callable[..., " + _type_repr(self.__args__[1]) + "]"
        if self._name == "Callable":
            params = self.__args__[:-1]
            return ("typing.Callable[[" + ", ".join(_type_repr(a) for a in params) + "], "
                    + _type_repr(self.__args__[-1]) + "]")
        if self._name == "Tuple" and self.__args__ == ():
            return "typing.Tuple[()]"
        if self._name == "Literal":
            return "typing.Literal[" + ", ".join(repr(a) for a in self.__args__) + "]"
        if self._name is None:   # Generic[T], or a user generic class subscripted: Box[int]
            return (_type_repr(self.__origin__) + "["
                    + ", ".join(_type_repr(a) for a in self.__args__) + "]")
        return "typing." + self._name + "[" + ", ".join(_type_repr(a) for a in self.__args__) + "]"

    def __eq__(self, other):
        if not isinstance(other, _GenericAlias):
            return NotImplemented
        if self._name == "Union" and other._name == "Union":
            return set(self.__args__) == set(other.__args__)
        return self.__origin__ == other.__origin__ and self.__args__ == other.__args__

    def __hash__(self):
        if self._name == "Union":
            return hash(frozenset(self.__args__))
        return hash((self._name, self.__args__))

    def __mro_entries__(self, bases):
        # CPython 3.11's _GenericAlias.__mro_entries__
        if self._name is None:
            if self.__origin__ is Generic:
                i = bases.index(self)
                for b in bases[i + 1:]:
                    if isinstance(b, _GenericAlias) and b is not self:
                        return ()
            return (self.__origin__,)
        if not isinstance(self.__origin__, type):
            raise TypeError("Cannot subclass " + repr(self))
        res = []
        if self.__origin__ not in bases:
            res.append(self.__origin__)
        i = bases.index(self)
        for b in bases[i + 1:]:
            if isinstance(b, _GenericAlias) or (isinstance(b, type) and issubclass(b, Generic)):
                break
        else:
            res.append(Generic)
        return tuple(res)

    @property
    def __parameters__(self):
        ps = []
        for a in self.__args__:
            for p in ([a] if isinstance(a, TypeVar) else getattr(a, '__parameters__', ())):
                if isinstance(p, TypeVar) and p not in ps:
                    ps.append(p)
        return tuple(ps)

    def __call__(self, *args, **kwargs):
        if self._name in _NOINST:
            raise TypeError("Type " + self._name + " cannot be instantiated; use "
                            + self.__origin__.__name__ + "() instead")
        if not isinstance(self.__origin__, type):
            raise TypeError("Type " + self._name + " cannot be instantiated")
        return self.__origin__(*args, **kwargs)

class _SpecialGenericAlias(_Final):
    # An unsubscripted container alias: typing.List, typing.Sequence, typing.Callable.
    def __init__(self, origin, nparams, name):
        self.__origin__ = origin
        self._nparams = nparams
        self._name = name

    def __repr__(self):
        return "typing." + self._name

    def __getitem__(self, params):
        if not isinstance(params, tuple):
            params = (params,)
        if self._name == "Callable":
            if len(params) != 2:
                raise TypeError("Callable must be used as Callable[[arg, ...], result].")
            args, result = params
            if args is ...:
                return _GenericAlias(self.__origin__, (..., _type_check(result)), "Callable")
            if not isinstance(args, list):
                raise TypeError("Callable[args, result]: args must be a list. Got " + _type_repr(args))
            return _GenericAlias(self.__origin__,
                                 tuple(_type_check(a) for a in args) + (_type_check(result),),
                                 "Callable")
        if self._name == "Tuple":
            if params == ((),):
                return _GenericAlias(tuple, (), "Tuple")
            return _GenericAlias(tuple, tuple(_type_check(p) for p in params), "Tuple")
        if self._nparams == 0:
            raise TypeError(repr(self) + " is not a generic class")
        if len(params) != self._nparams:
            raise TypeError("Too " + ("many" if len(params) > self._nparams else "few")
                            + " arguments for " + repr(self) + "; actual " + str(len(params))
                            + ", expected " + str(self._nparams))
        return _GenericAlias(self.__origin__, tuple(_type_check(p) for p in params), self._name)

    def __eq__(self, other):
        if not isinstance(other, _SpecialGenericAlias):
            return NotImplemented
        return self._name == other._name

    def __hash__(self):
        return hash(self._name)

    def __call__(self, *args, **kwargs):
        if not isinstance(self.__origin__, type):
            raise TypeError("Type " + self._name + " cannot be instantiated")
        if self._name not in _NOINST:
            return self.__origin__(*args, **kwargs)
        raise TypeError("Type " + self._name + " cannot be instantiated; use "
                        + self.__origin__.__name__ + "() instead")

def _flatten(params):
    out = []
    for p in params:
        if isinstance(p, _GenericAlias) and p._name == "Union":
            for a in p.__args__:
                out.append(a)
        else:
            out.append(p)
    seen = []
    for p in out:
        if p not in seen:
            seen.append(p)
    return tuple(seen)

def _union_getitem(self, parameters):
    if parameters == ():
        raise TypeError("Cannot take a Union of no types.")
    if not isinstance(parameters, tuple):
        parameters = (parameters,)
    params = _flatten(tuple(_type_check(p) for p in parameters))
    if len(params) == 1:
        return params[0]
    return _GenericAlias(Union, params, "Union")

def _optional_getitem(self, parameters):
    return Union[parameters, None]

def _literal_getitem(self, parameters):
    if not isinstance(parameters, tuple):
        parameters = (parameters,)
    return _GenericAlias(Literal, parameters, "Literal")

def _one_getitem(self, parameters):
    if isinstance(parameters, tuple):
        raise TypeError(self._name + " accepts only single type.")
    return _GenericAlias(self, (_type_check(parameters),), self._name)

def _no_getitem(self, parameters):
    raise TypeError(repr(self) + " is not subscriptable")

def _any_getitem(self, parameters):
    # Any is a class in CPython 3.11, so it fails as a type does.
    raise TypeError("type 'Any' is not subscriptable")

Any = _SpecialForm("Any", _any_getitem)
NoReturn = _SpecialForm("NoReturn", _no_getitem)
Never = _SpecialForm("Never", _no_getitem)
Union = _SpecialForm("Union", _union_getitem)
Optional = _SpecialForm("Optional", _optional_getitem)
Literal = _SpecialForm("Literal", _literal_getitem)
ClassVar = _SpecialForm("ClassVar", _one_getitem)
Final = _SpecialForm("Final", _one_getitem)

List = _SpecialGenericAlias(list, 1, "List")
Dict = _SpecialGenericAlias(dict, 2, "Dict")
Set = _SpecialGenericAlias(set, 1, "Set")
FrozenSet = _SpecialGenericAlias(frozenset, 1, "FrozenSet")
Tuple = _SpecialGenericAlias(tuple, -1, "Tuple")
Type = _SpecialGenericAlias(type, 1, "Type")
DefaultDict = _SpecialGenericAlias(_collections.defaultdict, 2, "DefaultDict")
OrderedDict = _SpecialGenericAlias(_collections.OrderedDict, 2, "OrderedDict")
Counter = _SpecialGenericAlias(_collections.Counter, 1, "Counter")
Deque = _SpecialGenericAlias(_collections.deque, 1, "Deque")
# The abstract classes of collections.abc do not exist in Sable: these aliases have no origin.
Callable = _SpecialGenericAlias(None, 2, "Callable")
Sequence = _SpecialGenericAlias(None, 1, "Sequence")
MutableSequence = _SpecialGenericAlias(None, 1, "MutableSequence")
Mapping = _SpecialGenericAlias(None, 2, "Mapping")
MutableMapping = _SpecialGenericAlias(None, 2, "MutableMapping")
Iterable = _SpecialGenericAlias(None, 1, "Iterable")
Iterator = _SpecialGenericAlias(None, 1, "Iterator")
Generator = _SpecialGenericAlias(None, 3, "Generator")
Collection = _SpecialGenericAlias(None, 1, "Collection")
Container = _SpecialGenericAlias(None, 1, "Container")
AbstractSet = _SpecialGenericAlias(None, 1, "AbstractSet")
Hashable = _SpecialGenericAlias(None, 0, "Hashable")
Sized = _SpecialGenericAlias(None, 0, "Sized")

class Generic:
    """Abstract base class for generic types."""
    __slots__ = ()

    def __class_getitem__(cls, params):
        if not isinstance(params, tuple):
            params = (params,)
        if cls is Generic:
            if not params:
                raise TypeError("Parameter list to Generic[...] cannot be empty")
            for p in params:
                if not isinstance(p, TypeVar):
                    raise TypeError("Parameters to Generic[...] must all be type variables "
                                    "or parameter specification variables.")
            if len(set(params)) != len(params):
                raise TypeError("Parameters to Generic[...] must all be unique")
        return _GenericAlias(cls, tuple(_type_check(p) for p in params), None)

    def __init_subclass__(cls, *args, **kwargs):
        super().__init_subclass__(*args, **kwargs)
        tvars = []
        for b in cls.__dict__.get('__orig_bases__', ()):
            if isinstance(b, _GenericAlias):
                for p in b.__parameters__:
                    if p not in tvars:
                        tvars.append(p)
        cls.__parameters__ = tuple(tvars)

import abc as _abc

_PROTO_SKIP = frozenset({
    '__abstractmethods__', '__annotations__', '__weakref__', '_is_protocol',
    '_is_runtime_protocol', '__dict__', '__args__', '__slots__', '__next_in_mro__',
    '__parameters__', '__origin__', '__orig_bases__', '__extra__', '__tree_hash__', '__doc__',
    '__subclasshook__', '__init__', '__new__', '__module__', '_MutableMapping__marker', '_gorg',
    '__qualname__', '__init_subclass__', '__protocol_attrs__', '__class_getitem__',
    '__match_args__'})

def _protocol_attrs(cls):
    attrs = set()
    for base in cls.__mro__[:-1]:
        if base.__name__ in ('Protocol', 'Generic'):
            continue
        names = list(base.__dict__.keys()) + list(base.__dict__.get('__annotations__', {}).keys())
        for attr in names:
            if not attr.startswith('_abc_') and attr not in _PROTO_SKIP:
                attrs.add(attr)
    return attrs

class _ProtocolMeta(_abc.ABCMeta):
    # isinstance() against a @runtime_checkable protocol checks that its members are present
    def __instancecheck__(cls, instance):
        is_proto = getattr(cls, '_is_protocol', False)
        if is_proto and cls.__name__ != 'Protocol' and \
                not getattr(cls, '_is_runtime_protocol', False):
            raise TypeError("Instance and class checks can only be used with"
                            " @runtime_checkable protocols")
        attrs = _protocol_attrs(cls) if is_proto else ()
        if (not is_proto or all(callable(getattr(cls, a, None)) for a in attrs)) and \
                issubclass(type(instance), cls):
            return True
        if is_proto:
            for attr in attrs:
                val = getattr(instance, attr, _sentinel_missing)
                if val is _sentinel_missing:
                    break
                if callable(getattr(cls, attr, None)) and val is None:
                    break
            else:
                return True
            # registered classes (the member check above is the protocol's own)
            return _abc.ABCMeta.__subclasscheck__(cls, type(instance))
        return super().__instancecheck__(instance)

    def __subclasscheck__(cls, other):
        if getattr(cls, '_is_protocol', False) and cls.__name__ != 'Protocol':
            if not getattr(cls, '_is_runtime_protocol', False):
                raise TypeError("Instance and class checks can only be used with"
                                " @runtime_checkable protocols")
            if not isinstance(other, type):
                raise TypeError('issubclass() arg 1 must be a class')
            attrs = _protocol_attrs(cls)
            if any(not callable(getattr(cls, a, None)) for a in attrs):
                raise TypeError("Protocols with non-method members don't support issubclass()")
            for attr in attrs:
                for base in other.__mro__:
                    if attr in base.__dict__:
                        if base.__dict__[attr] is None:
                            return False
                        break
                else:
                    return False
            return True
        return super().__subclasscheck__(other)

_sentinel_missing = object()

class Protocol(metaclass=_ProtocolMeta):
    __slots__ = ()
    _is_protocol = True
    _is_runtime_protocol = False

    def __init_subclass__(cls, *args, **kwargs):
        super().__init_subclass__(*args, **kwargs)
        if '_is_protocol' not in cls.__dict__:
            cls._is_protocol = any(b is Protocol for b in cls.__bases__)
        cls._is_runtime_protocol = False

def runtime_checkable(cls):
    if not isinstance(cls, type) or not getattr(cls, '_is_protocol', False):
        raise TypeError('@runtime_checkable can be only applied to protocol classes,'
                        ' got %r' % cls)
    cls._is_runtime_protocol = True
    return cls

def cast(typ, val):
    return val

def _overload_dummy(*args, **kwds):
    raise NotImplementedError(
        "You should not call an overloaded function. "
        "A series of @overload-decorated functions "
        "outside a stub module should always be followed "
        "by an implementation that is not @overload-ed.")

_overload_registry = {}

def overload(func):
    key = (getattr(func, "__module__", None), getattr(func, "__qualname__", func.__name__))
    _overload_registry.setdefault(key, []).append(func)
    return _overload_dummy

def get_overloads(func):
    key = (getattr(func, "__module__", None), getattr(func, "__qualname__", func.__name__))
    return list(_overload_registry.get(key, []))

def clear_overloads():
    _overload_registry.clear()

def no_type_check(arg):
    arg.__no_type_check__ = True
    return arg

def final(f):
    f.__final__ = True
    return f

_PEP585 = type(list[int])

def get_origin(tp):
    if isinstance(tp, (_GenericAlias, _PEP585)):
        return tp.__origin__
    if tp is Generic:
        return Generic
    return None

def get_args(tp):
    if isinstance(tp, _GenericAlias):
        if tp._name == "Callable" and not (len(tp.__args__) == 2 and tp.__args__[0] is ...):
            return (list(tp.__args__[:-1]), tp.__args__[-1])
        return tp.__args__
    if isinstance(tp, _PEP585):
        return tp.__args__
    return ()

# Sable's eval() takes no explicit namespaces, so forward references are evaluated by a small
# parser of type expressions: dotted names, subscripts, [a, b] lists, `...`, None and `|`.
def _tokens(text):
    toks = []
    i = 0
    while i < len(text):
        c = text[i]
        if c == " ":
            i += 1
        elif text.startswith("...", i):
            toks.append("...")
            i += 3
        elif c in "[],.|":
            toks.append(c)
            i += 1
        elif c.isalnum() or c == "_":
            j = i
            while j < len(text) and (text[j].isalnum() or text[j] == "_"):
                j += 1
            toks.append(text[i:j])
            i = j
        else:
            raise SyntaxError("unsupported forward reference: " + repr(text))
    return toks

def _eval_type_expr(text, globalns, localns):
    toks = _tokens(text)
    pos = [0]

    def peek():
        return toks[pos[0]] if pos[0] < len(toks) else None

    def take(expected=None):
        t = peek()
        if t is None or (expected is not None and t != expected):
            raise SyntaxError("bad forward reference: " + repr(text))
        pos[0] += 1
        return t

    def atom():
        t = take()
        if t == "...":
            return ...
        if t == "[":
            items = []
            while peek() != "]":
                items.append(union())
                if peek() == ",":
                    take()
            take("]")
            return items
        if t == "None":
            return None
        if t in localns:
            val = localns[t]
        elif t in globalns:
            val = globalns[t]
        elif t in _BUILTIN_TYPES:
            val = _BUILTIN_TYPES[t]
        else:
            raise NameError("name " + repr(t) + " is not defined")
        while peek() in (".", "["):
            if take() == ".":
                val = getattr(val, take())
            else:
                items = [union()]
                while peek() == ",":
                    take()
                    items.append(union())
                take("]")
                val = val[items[0] if len(items) == 1 else tuple(items)]
        return val

    def union():
        val = atom()
        while peek() == "|":
            take()
            # the real operator, as eval would (int | None is a types.UnionType)
            nxt = atom()
            try:
                val = val | nxt
            except TypeError:
                val = Union[val, nxt]
        return val

    result = union()
    if peek() is not None:
        raise SyntaxError("bad forward reference: " + repr(text))
    return result

_BUILTIN_TYPES = {"int": int, "float": float, "str": str, "bool": bool,
                    "list": list, "dict": dict, "set": set, "frozenset": frozenset,
                    "tuple": tuple, "type": type, "object": object}

def _eval_hint(value, globalns, localns):
    if value is None:
        return type(None)
    if isinstance(value, str):
        value = ForwardRef(value)
    if isinstance(value, ForwardRef):
        return _type_check(_eval_type_expr(value.__forward_arg__, globalns, localns or {}))
    return value

def get_type_hints(obj, globalns=None, localns=None, include_extras=False):
    if isinstance(obj, type):
        hints = {}
        for base in reversed(obj.__mro__):
            ann = base.__dict__.get("__annotations__", {})
            mod = _sys.modules.get(base.__module__)
            gns = globalns if globalns is not None else (mod.__dict__ if mod is not None else {})
            lns = localns if localns is not None else {k: v for k, v in base.__dict__.items()}
            for name, value in ann.items():
                hints[name] = _eval_hint(value, gns, lns)
        return hints
    while hasattr(obj, "__wrapped__"):
        obj = obj.__wrapped__
    if not hasattr(obj, "__annotations__"):
        raise TypeError(repr(obj) + " is not a module, class, method, or function.")
    if globalns is None:
        globalns = getattr(obj, "__globals__", None)
        if globalns is None:
            globalns = getattr(obj, "__dict__", {})
    return {k: _eval_hint(v, globalns, localns) for k, v in obj.__annotations__.items()}

_NT_PROHIBITED = frozenset({'__new__', '__init__', '__slots__', '__getnewargs__', '_fields',
                            '_field_defaults', '_make', '_replace', '_asdict', '_source'})
_NT_SPECIAL = frozenset({'__module__', '__name__', '__annotations__', '__qualname__', '__doc__'})

def _make_nmtuple(name, types, module, defaults=()):
    fields = [n for n, t in types]
    types = {n: _type_check(t) for n, t in types}
    nm_tpl = _collections.namedtuple(name, fields, defaults=defaults, module=module)
    nm_tpl.__annotations__ = types
    return nm_tpl

class _NamedTupleMeta(type):
    """`class P(NamedTuple): x: int` makes a named tuple class (a subclass of tuple)."""
    def __new__(cls, typename, bases, ns):
        if not any(b is NamedTuple for b in bases):
            return type.__new__(cls, typename, bases, ns)
        for base in bases:
            if base is not NamedTuple and base is not Generic:
                raise TypeError('can only inherit from a NamedTuple type and Generic')
        types = ns.get('__annotations__', {})
        default_names = []
        for field_name in types:
            if field_name in ns:
                default_names.append(field_name)
            elif default_names:
                raise TypeError(f"Non-default namedtuple field {field_name} "
                                f"cannot follow default field"
                                f"{'s' if len(default_names) > 1 else ''} "
                                f"{', '.join(default_names)}")
        nm_tpl = _make_nmtuple(typename, types.items(),
                               defaults=[ns[n] for n in default_names],
                               module=ns.get('__module__', '__main__'))
        for key in ns:
            if key in _NT_PROHIBITED:
                raise AttributeError("Cannot overwrite NamedTuple attribute " + key)
            elif key not in _NT_SPECIAL and key not in nm_tpl._fields:
                setattr(nm_tpl, key, ns[key])
        if '__doc__' in ns and ns['__doc__'] is not None:
            nm_tpl.__doc__ = ns['__doc__']
        return nm_tpl

    def __call__(cls, typename, fields=None, /, **kwargs):
        if cls is not NamedTuple:
            return type.__call__(cls, typename, fields, **kwargs)
        if fields is None:
            fields = kwargs.items()
        elif kwargs:
            raise TypeError("Either list of fields or keywords can be provided to NamedTuple, not both")
        try:
            module = _sys._getframe(1).f_globals.get('__name__', '__main__')
        except (AttributeError, ValueError):
            module = '__main__'
        return _make_nmtuple(typename, fields, module=module)

class NamedTuple(metaclass=_NamedTupleMeta):
    """Typed version of namedtuple: class Employee(NamedTuple): name: str; id: int = 3"""

def TypedDict(typename, fields=None, *, total=True, **kwargs):
    if fields is None:
        fields = kwargs
    annotations = {n: _type_check(t) for n, t in fields.items()}

    # Sable classes cannot derive from dict; as in CPython, calling the type returns a dict.
    class _TypedDict:
        def __new__(cls, *args, **kw):
            return dict(*args, **kw)

    _TypedDict.__name__ = typename
    _TypedDict.__qualname__ = typename
    _TypedDict.__annotations__ = annotations
    _TypedDict.__total__ = total
    keys = frozenset(annotations)
    _TypedDict.__required_keys__ = keys if total else frozenset()
    _TypedDict.__optional_keys__ = frozenset() if total else keys
    return _TypedDict

Text = str
