# module-level annotations are evaluated and kept in __annotations__; in a def they are not
print(__annotations__)
x: int = 1
y: "str"
if x:
    z: list = []
print(__annotations__)
print('y' in globals())

def f():
    a: int = 2
    b: UndefinedName       # never evaluated inside a function
    return a
print(f())
print(f.__annotations__)

class K:
    p: float = 1.5
    q: int
print(K.__annotations__, K.p)

def g(a: int, *, b: str = "s") -> bool:
    pass
print(g.__annotations__)
import sys
print(sys.modules[__name__].__annotations__ is __annotations__)
try:
    w: Missing = 3
except NameError as e:
    print("NameError", e)
print(list(__annotations__))
