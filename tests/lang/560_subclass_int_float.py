# int and float subclasses: instances are numbers with a __dict__; operators give the base type
class MyInt(int):
    def double(self):
        return self * 2

class Money(float):
    def __repr__(self):
        return f"${float(self):.2f}"

a = MyInt(3)
print(a, repr(a), type(a).__name__, isinstance(a, int), issubclass(MyInt, int))
print(a + 1, type(a + 1).__name__, 1 + a, a * 2.5, -a, abs(MyInt(-4)), a // 2, a % 2, 2 ** a)
print(a == 3, a < 4, 3 <= a, hash(a) == hash(3), {3: "three"}[a], a in {3}, bool(MyInt(0)))
print([10, 20, 30, 40][a], list(range(a)), a.bit_length(), int.bit_length(a), a.double())
print(f"{a:05d}", "%d items" % a, str(a), float(a), int(a), type(int(a)).__name__, round(a))
a.note = "hi"
print(a.note, a.__dict__, type(a) is MyInt, MyInt("12", 8), MyInt())
m = Money(2.5)
print(m, [m], m + 1, type(m + 1).__name__, m > 2, m.is_integer(), round(m), str(m), f"{m:.1f}")

class Celsius(float):
    def __new__(cls, value, unit="C"):
        self = super().__new__(cls, value)
        self.unit = unit
        return self
    def __add__(self, other):
        return Celsius(float(self) + float(other), self.unit)

c = Celsius(20, "K")
print(c, c.unit, type(c + 1).__name__, (c + 1).unit, float(c + 1), c * 2)

import math
print(math.sqrt(MyInt(16)), math.floor(Money(2.7)), max(MyInt(2), 1), sorted([MyInt(3), 1, 2]))
print(int.__new__(MyInt, 7), type(int.__new__(MyInt, 7)).__name__, MyInt.__mro__)
