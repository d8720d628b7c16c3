# dataclasses - @dataclass with init/repr/eq/order/frozen, field(), fields(), asdict(),
# astuple(), replace().

MISSING = object()

class FrozenInstanceError(AttributeError):
    pass

class Field:
    def __init__(self, default, default_factory, init, repr, compare, hash):
        self.name = None
        self.type = None
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.compare = compare
        self.hash = hash
    def __repr__(self):
        return f'Field(name={self.name!r},type={self.type!r},default={self.default!r})'

def field(*, default=MISSING, default_factory=MISSING, init=True, repr=True, compare=True, hash=None):
    if default is not MISSING and default_factory is not MISSING:
        raise ValueError('cannot specify both default and default_factory')
    return Field(default, default_factory, init, repr, compare, hash)

def fields(obj):
    fs = getattr(obj, '__dataclass_fields__', None)
    if fs is None:
        raise TypeError('must be called with a dataclass type or instance')
    return tuple(fs.values())

def is_dataclass(obj):
    return hasattr(obj, '__dataclass_fields__')

def _collect(cls):
    fs = {}
    for base in reversed(cls.__mro__[1:]):
        bf = base.__dict__.get('__dataclass_fields__')
        if bf:
            for name, f in bf.items():
                fs[name] = f
    anns = cls.__dict__.get('__annotations__', {})
    for name, tp in anns.items():
        value = cls.__dict__.get(name, MISSING)
        if isinstance(value, Field):
            f = value
            if f.default is not MISSING:
                setattr(cls, name, f.default)
            else:
                delattr(cls, name)
        else:
            if isinstance(value, (list, dict, set)):
                raise ValueError(f'mutable default {type(value)} for field {name} is not allowed: use default_factory')
            f = Field(value, MISSING, True, True, True, None)
        f.name = name
        f.type = tp
        fs[name] = f
    return fs

class _FactoryRepr:
    def __repr__(self):
        return '<factory>'
_FACTORY = _FactoryRepr()   # a default made by default_factory, in the class's docstring

def _make_init(cls, fs):
    params = [f for f in fs.values() if f.init]
    seen_default = False
    for f in params:
        if f.default is MISSING and f.default_factory is MISSING:
            if seen_default:
                raise TypeError(f'non-default argument {f.name!r} follows default argument')
        else:
            seen_default = True
    qual = cls.__qualname__
    def __init__(self, *args, **kwargs):
        if len(args) > len(params):
            n = len(params) + 1
            req = 1 + len([f for f in params if f.default is MISSING and f.default_factory is MISSING])
            if req < n:
                raise TypeError(f'{qual}.__init__() takes from {req} to {n} positional arguments but {len(args) + 1} were given')
            raise TypeError(f'{qual}.__init__() takes {n} positional argument{"" if n == 1 else "s"} but {len(args) + 1} were given')
        values = {}
        for f, a in zip(params, args):
            values[f.name] = a
        for k, v in kwargs.items():
            if k not in fs or not fs[k].init:
                raise TypeError(f"{qual}.__init__() got an unexpected keyword argument '{k}'")
            if k in values:
                raise TypeError(f"{qual}.__init__() got multiple values for argument '{k}'")
            values[k] = v
        missing = [f.name for f in params if f.name not in values and f.default is MISSING and f.default_factory is MISSING]
        if missing:
            names = ' and '.join(repr(m) for m in missing) if len(missing) <= 2 else ', '.join(repr(m) for m in missing[:-1]) + ', and ' + repr(missing[-1])
            raise TypeError(f'{qual}.__init__() missing {len(missing)} required positional argument{"" if len(missing) == 1 else "s"}: {names}')
        for f in fs.values():
            if f.name in values:
                v = values[f.name]
            elif f.default_factory is not MISSING:
                v = f.default_factory()
            elif f.default is not MISSING:
                v = f.default
            else:
                continue
            object.__setattr__(self, f.name, v)
        post = getattr(self, '__post_init__', None)
        if post is not None:
            post()
    __init__.__qualname__ = qual + '.__init__'
    return __init__

def _tuple(self, fs):
    return tuple(getattr(self, f.name) for f in fs.values() if f.compare)

def _process(cls, init, repr, eq, order, frozen, unsafe_hash, match_args=True):
    fs = _collect(cls)
    cls.__dataclass_fields__ = fs
    if match_args and '__match_args__' not in cls.__dict__:
        cls.__match_args__ = tuple(f.name for f in fs.values() if f.init)
    if init:
        cls.__init__ = _make_init(cls, fs)
    if repr and '__repr__' not in cls.__dict__:
        def __repr__(self):
            parts = ', '.join(f'{f.name}={getattr(self, f.name)!r}' for f in fs.values() if f.repr)
            return f'{type(self).__qualname__}({parts})'
        cls.__repr__ = __repr__
    if eq and '__eq__' not in cls.__dict__:
        def __eq__(self, other):
            if other.__class__ is self.__class__:
                return _tuple(self, fs) == _tuple(other, fs)
            return NotImplemented
        cls.__eq__ = __eq__
    if order:
        def _cmp(op):
            def method(self, other):
                if other.__class__ is self.__class__:
                    return op(_tuple(self, fs), _tuple(other, fs))
                return NotImplemented
            return method
        cls.__lt__ = _cmp(lambda a, b: a < b)
        cls.__le__ = _cmp(lambda a, b: a <= b)
        cls.__gt__ = _cmp(lambda a, b: a > b)
        cls.__ge__ = _cmp(lambda a, b: a >= b)
    if frozen:
        def __setattr__(self, name, value):
            raise FrozenInstanceError(f"cannot assign to field '{name}'")
        def __delattr__(self, name):
            raise FrozenInstanceError(f"cannot delete field '{name}'")
        cls.__setattr__ = __setattr__
        cls.__delattr__ = __delattr__
    if unsafe_hash or (eq and frozen):
        def __hash__(self):
            return hash(_tuple(self, fs))
        cls.__hash__ = __hash__
    elif eq and '__hash__' not in cls.__dict__:
        cls.__hash__ = None
    if not getattr(cls, '__doc__'):
        # the class's signature as its docstring, as CPython's dataclasses
        try:
            import inspect
            P = inspect.Parameter
            text_sig = str(inspect.Signature([
                P(f.name, P.POSITIONAL_OR_KEYWORD, annotation=f.type,
                  default=_FACTORY if f.default_factory is not MISSING else
                  P.empty if f.default is MISSING else f.default)
                for f in fs.values() if f.init]))
        except (TypeError, ValueError):
            text_sig = ''
        cls.__doc__ = cls.__name__ + text_sig
    return cls

def dataclass(cls=None, *, init=True, repr=True, eq=True, order=False, unsafe_hash=False, frozen=False,
              match_args=True):
    def wrap(c):
        return _process(c, init, repr, eq, order, frozen, unsafe_hash, match_args)
    if cls is None:
        return wrap
    return wrap(cls)

def _copy(v):
    if is_dataclass(v) and not isinstance(v, type):
        return asdict(v)
    if isinstance(v, list):
        return [_copy(x) for x in v]
    if isinstance(v, tuple):
        return tuple(_copy(x) for x in v)
    if isinstance(v, dict):
        return {_copy(k): _copy(x) for k, x in v.items()}
    return v

def asdict(obj):
    return {f.name: _copy(getattr(obj, f.name)) for f in fields(obj)}

def astuple(obj):
    return tuple(_copy(getattr(obj, f.name)) for f in fields(obj))

def replace(obj, **changes):
    for f in fields(obj):
        if f.init and f.name not in changes:
            changes[f.name] = getattr(obj, f.name)
    return obj.__class__(**changes)
