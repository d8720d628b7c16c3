# metaclasses: __new__/__init__/__call__ on the metaclass, class keywords, __init_subclass__,
# __class_getitem__, __set_name__, C3 MRO with super(), metaclass dunders, type() with 3 args, __prepare__
class M(type):
    def __new__(mcs, name, bases, ns, **kw):
        ns["tag"] = name.lower()
        cls = super().__new__(mcs, name, bases, ns)
        print("M.__new__", name, sorted(kw))
        return cls
    def __init__(cls, name, bases, ns, **kw):
        super().__init__(name, bases, ns)
        print("M.__init__", name)
    def __call__(cls, *a, **k):
        print("M.__call__", cls.__name__, a)
        return super().__call__(*a, **k)
    def describe(cls):
        return "I am " + cls.__name__
    @property
    def upper(cls):
        return cls.__name__.upper()
class A(metaclass=M):
    def __init__(self, x):
        self.x = x
class B(A):
    pass
print(type(A), type(B), A.tag, B.tag, A.describe(), B.upper)
b = B(5)
print(b.x, isinstance(A, M), isinstance(b, A), type(M))
class Base:
    subs = []
    def __init_subclass__(cls, key=None, **kw):
        super().__init_subclass__(**kw)
        Base.subs.append((cls.__name__, key))
class S1(Base, key="one"): pass
class S2(S1): pass
print(Base.subs)
class G:
    def __class_getitem__(cls, item):
        return f"G[{item.__name__}]"
print(G[int])
class Named:
    def __set_name__(self, owner, name):
        self.owner = owner.__name__; self.name = name
class H:
    field = Named()
print(H.field.owner, H.field.name)
class X: 
    def who(self): return "X"
class Y(X):
    def who(self): return "Y" + super().who()
class Z(X):
    def who(self): return "Z" + super().who()
class W(Y, Z):
    def who(self): return "W" + super().who()
print(W().who(), [c.__name__ for c in W.__mro__], W.mro() == list(W.__mro__))
print(W.__bases__, issubclass(W, Z), isinstance(W(), Z))
try:
    class Bad(X, Y): pass
except TypeError as e:
    print(e)
def f(x: int | None) -> None: pass
print(int | str | None, (int | str).__args__, isinstance(None, int | None), isinstance("a", int | float))
print(int | str == str | int, list | W)
class Meta2(type):
    def __len__(cls): return 3
    def __iter__(cls): return iter([1, 2, 3])
    def __getitem__(cls, k): return k * 2
    def __contains__(cls, k): return k == 1
class E(metaclass=Meta2): pass
print(len(E), list(E), E[4], 1 in E, 2 in E, E)
T = type("T", (object,), {"a": 1, "m": lambda self: self.a + 1})
print(T().m(), T.__name__, T)
class Prep(type):
    @classmethod
    def __prepare__(mcs, name, bases, **kw):
        return {"injected": 42}
class P(metaclass=Prep):
    y = injected + 1
print(P.y)
