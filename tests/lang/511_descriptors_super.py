# descriptors (__get__/__set__), super() in classmethods, __qualname__ of nested classes
class D:
    def __get__(self, obj, typ=None):
        return ("get", type(obj).__name__ if obj is not None else None, typ.__name__)
    def __set__(self, obj, v):
        obj.__dict__["x"] = v * 2
class A:
    d = D()
a = A()
print(a.d, A.d)
a.d = 5
print(a.__dict__)
class B:
    @classmethod
    def make(cls):
        return cls.__name__
class C(B):
    @classmethod
    def make(cls):
        return "C+" + super().make()
print(C.make())
class Outer:
    class Inner:
        def m(self): pass
print(Outer.Inner.__qualname__, Outer.Inner.m.__qualname__)
class K2:
    a: int
    b: str = "x"
print(K2.__annotations__)
