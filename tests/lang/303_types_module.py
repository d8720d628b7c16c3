# types: the type names of built-in objects and SimpleNamespace
import types
import math
import sys

def f(x):
    return x

class K:
    def m(self):
        return 1

print(types.FunctionType, types.LambdaType, types.MethodType)
print(types.BuiltinFunctionType, types.ModuleType, types.NoneType)
print(isinstance(f, types.FunctionType), isinstance(lambda: 0, types.LambdaType))
print(isinstance(len, types.FunctionType), isinstance(len, types.BuiltinFunctionType))
print(isinstance(math.sqrt, types.BuiltinFunctionType), isinstance(K().m, types.MethodType))
print(isinstance(K.m, types.FunctionType), isinstance(K().m, types.FunctionType))
print(isinstance(math, types.ModuleType), isinstance(sys, types.ModuleType))
print(isinstance(None, types.NoneType), types.NoneType() is None)
print(type(f) is types.FunctionType, types.FunctionType is types.LambdaType)
print(types.BuiltinFunctionType is types.BuiltinMethodType)
print(type(...) is types.EllipsisType, type(NotImplemented) is types.NotImplementedType)
print(callable(f) and not isinstance(f, (types.BuiltinFunctionType, types.MethodType)))

ns = types.SimpleNamespace(a=1, b="two", c=[3.0])
print(ns)
print(repr(ns), ns.a, ns.b, ns.c)
ns.d = {"x": None}
del ns.a
print(ns, vars(ns))
print(types.SimpleNamespace())
print(ns == types.SimpleNamespace(b="two", c=[3.0], d={"x": None}))
print(ns == types.SimpleNamespace(b="two"), ns != types.SimpleNamespace(b="two"))
print(ns == {"b": "two", "c": [3.0], "d": {"x": None}}, ns != 5)
print(isinstance(ns, types.SimpleNamespace), type(ns).__name__)
ns.self = ns
print(ns)
print(types.SimpleNamespace(inner=types.SimpleNamespace(x=1, y=2.5), s="q'uote"))
print(getattr(ns, "b"), hasattr(ns, "zz"), sorted(vars(ns)))

class Point(types.SimpleNamespace):
    def norm2(self):
        return self.x * self.x + self.y * self.y

p = Point(x=3, y=4)
print(p, p.norm2(), p == types.SimpleNamespace(x=3, y=4))
cfg = types.SimpleNamespace(**{"lr": 0.01, "epochs": 10})
cfg.epochs += 5
print(cfg)
try:
    types.SimpleNamespace({"a": 1})
except TypeError as e:
    print(type(e).__name__, e)
try:
    ns.missing
except AttributeError as e:
    print(type(e).__name__)
try:
    hash(ns)
except TypeError as e:
    print(type(e).__name__)
