# types - names for the types of built-in objects (taken from real objects, so isinstance
# works) and SimpleNamespace with CPython's repr and ==.
import sys as _sys

def _f():
    pass

class _C:
    def _m(self):
        pass

FunctionType = type(_f)
LambdaType = type(lambda: None)
MethodType = type(_C()._m)
BuiltinFunctionType = type(len)
BuiltinMethodType = type(len)
ModuleType = type(_sys)
NoneType = type(None)
EllipsisType = type(Ellipsis)
NotImplementedType = type(NotImplemented)
UnionType = type(int | str)
GenericAlias = type(list[int])

def _g():
    yield

GeneratorType = type(_g())

_repr_running = []

class SimpleNamespace:
    __hash__ = None

    def __init__(self, *args, **kwargs):
        if args:
            raise TypeError("no positional arguments expected")
        for k, v in kwargs.items():
            setattr(self, k, v)

    def __repr__(self):
        name = "namespace" if type(self) is SimpleNamespace else type(self).__name__
        for o in _repr_running:
            if o is self:
                return name + "(...)"
        _repr_running.append(self)
        try:
            items = [k + "=" + repr(v) for k, v in self.__dict__.items()]
        finally:
            _repr_running.pop()
        return name + "(" + ", ".join(items) + ")"

    def __eq__(self, other):
        if isinstance(other, SimpleNamespace):
            return self.__dict__ == other.__dict__
        return NotImplemented

    def __ne__(self, other):
        if isinstance(other, SimpleNamespace):
            return self.__dict__ != other.__dict__
        return NotImplemented

del _f, _C
