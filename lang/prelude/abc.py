# abc - abstract base classes: ABCMeta computes __abstractmethods__ (the class machinery in
# lang/core/class.c refuses to instantiate a class while it is non-empty), ABC, abstractmethod,
# register() and __subclasshook__ through isinstance/issubclass.

def abstractmethod(funcobj):
    funcobj.__isabstractmethod__ = True
    return funcobj

def _is_abstract(value):
    if getattr(value, "__isabstractmethod__", False):
        return True
    f = getattr(value, "__func__", None)
    if f is not None and getattr(f, "__isabstractmethod__", False):
        return True
    g = getattr(value, "fget", None)
    return g is not None and getattr(g, "__isabstractmethod__", False)

class ABCMeta(type):
    # isinstance/issubclass call __instancecheck__/__subclasscheck__ here (lang/core/builtins.c),
    # so register() and __subclasshook__ work as in CPython's _py_abc (without its caches)
    def __new__(mcls, name, bases, namespace, **kwargs):
        cls = super().__new__(mcls, name, bases, namespace, **kwargs)
        abstracts = set()
        for k, v in namespace.items():
            if _is_abstract(v):
                abstracts.add(k)
        for base in bases:
            for k in getattr(base, "__abstractmethods__", ()):
                if _is_abstract(getattr(cls, k, None)):
                    abstracts.add(k)
        cls.__abstractmethods__ = frozenset(abstracts)
        cls._abc_registry = []
        cls._abc_subclasses = []
        for base in bases:
            if isinstance(base, ABCMeta):
                base._abc_subclasses.append(cls)
        return cls

    def register(cls, subclass):
        if not isinstance(subclass, type):
            raise TypeError("Can only register classes")
        if issubclass(subclass, cls):
            return subclass
        if issubclass(cls, subclass):
            raise RuntimeError("Refusing to create an inheritance cycle")
        cls._abc_registry.append(subclass)
        return subclass

    def __instancecheck__(cls, instance):
        subclass = getattr(instance, "__class__", None)
        subtype = type(instance)
        if subclass is None or subclass is subtype:
            return cls.__subclasscheck__(subtype)
        return any(cls.__subclasscheck__(c) for c in (subclass, subtype))

    def __subclasscheck__(cls, subclass):
        if not isinstance(subclass, type):
            raise TypeError("issubclass() arg 1 must be a class")
        hook = getattr(cls, "__subclasshook__", None)
        if hook is not None:
            ok = hook(subclass)
            if ok is not NotImplemented:
                return bool(ok)
        if cls in getattr(subclass, "__mro__", ()):
            return True
        for r in cls._abc_registry:
            if issubclass(subclass, r):
                return True
        for s in cls._abc_subclasses:
            if issubclass(subclass, s):
                return True
        return False

class ABC(metaclass=ABCMeta):
    __slots__ = ()

    @classmethod
    def __subclasshook__(cls, subclass):
        return NotImplemented

def get_cache_token():
    return 0

def update_abstractmethods(cls):
    abstracts = set()
    for k in dir(cls):
        if _is_abstract(getattr(cls, k, None)):
            abstracts.add(k)
    cls.__abstractmethods__ = frozenset(abstracts)
    return cls
