class E:
    class F: pass
    def m(self):
        class G: pass
        return G
print(E.F, E().m(), repr(E.F), str(E.F))
try:
    type("Z", (), {"__qualname__": 3})
except TypeError as e: print(e)
try:
    E.__name__ = 3
except TypeError as e: print(e)
try:
    del E.__qualname__
except TypeError as e: print(e)
E.__name__ = "EE"; print(E, E.__name__, E.__qualname__)
class B: pass
B.__name__ = "Q"
class C(B): pass
print(C.__name__, C.__doc__, B.__doc__, vars(C).keys())
# dataclasses: the signature as the docstring
import dataclasses
from typing import List
@dataclasses.dataclass
class P:
    x: int = 1
    y: List[int] = dataclasses.field(default_factory=list)
    z: str = 'a'
print(P.__doc__)
@dataclasses.dataclass
class Q:
    "mine"
    a: float
print(Q.__doc__)
X = type("X", (C,), {"__doc__": "given"})
print(X.__qualname__, X.__doc__, '__qualname__' in vars(X))
class M(type):
    pass
class N(metaclass=M):
    pass
print(N.__qualname__, N.__doc__, repr(N))
