# abc - abstract base classes: ABCMeta computes __abstractmethods__ (the class machinery in
# lang/core/class.c refuses to instantiate a class while it is non-empty), ABC, abstractmethod.

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
        return cls

    def register(cls, subclass):
        cls._abc_registry.append(subclass)
        return subclass

    def __instancecheck__(cls, instance):
        return cls.__subclasscheck__(type(instance))

    def __subclasscheck__(cls, subclass):
        if cls in getattr(subclass, "__mro__", ()):
            return True
        for r in cls._abc_registry:
            if issubclass(subclass, r):
                return True
        hook = cls.__dict__.get("__subclasshook__")
        if hook is not None:
            ok = hook.__func__(cls, subclass) if hasattr(hook, "__func__") else hook(subclass)
            if ok is not NotImplemented:
                return bool(ok)
        return False

class ABC(metaclass=ABCMeta):
    __slots__ = ()

def get_cache_token():
    return 0

def update_abstractmethods(cls):
    abstracts = set()
    for k in dir(cls):
        if _is_abstract(getattr(cls, k, None)):
            abstracts.add(k)
    cls.__abstractmethods__ = frozenset(abstracts)
    return cls
