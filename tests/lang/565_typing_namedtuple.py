# typing.NamedTuple: class syntax with annotations, defaults and methods; the functional form
from typing import NamedTuple

class Emp(NamedTuple):
    """An employee."""
    name: str
    id: int = 3

    def label(self):
        return f"{self.name}#{self.id}"

e = Emp("ann")
print(e, e.label(), isinstance(e, tuple), Emp._fields, Emp._field_defaults, Emp.__doc__)
print(Emp.__annotations__, Emp.__mro__, e._replace(id=9), e[0], len(e), Emp("bo", id=1))
name, ident = e
print(name, ident, e == ("ann", 3), e._asdict())

E2 = NamedTuple('E2', [('a', int), ('b', float)])
print(E2(1, 2.0), E2._fields, E2.__annotations__, type(E2(1, 2)).__mro__[1])

class Pair(NamedTuple):
    left: int
    right: int
    def swap(self):
        return Pair(self.right, self.left)
    @property
    def total(self):
        return self.left + self.right

print(Pair(1, 2).swap(), Pair(3, 4).total, sorted([Pair(2, 0), Pair(1, 5)]))
try:
    class Bad(NamedTuple):
        a: int = 1
        b: int
except TypeError as ex:
    print("TypeError", ex)
try:
    class Bad2(NamedTuple):
        a: int
        def _make(self):
            pass
except AttributeError as ex:
    print("AttributeError", ex)
