# @property with setter, @staticmethod, @classmethod, alternative constructors
class Temperature:
    scale = "C"
    def __init__(self, celsius):
        self._c = celsius
    @property
    def celsius(self):
        return self._c
    @celsius.setter
    def celsius(self, value):
        if value < -273.15:
            raise ValueError("below absolute zero")
        self._c = value
    @property
    def fahrenheit(self):
        return self._c * 9 / 5 + 32
    @staticmethod
    def c_to_f(c):
        return c * 9 / 5 + 32
    @classmethod
    def from_f(cls, f):
        return cls((f - 32) * 5 / 9)
    @classmethod
    def describe(cls):
        return f"{cls.__name__} in {cls.scale}"
t = Temperature(25)
print(t.celsius, t.fahrenheit)
t.celsius = 100
print(t.celsius, t.fahrenheit, Temperature.c_to_f(0), t.c_to_f(-40))
try:
    t.celsius = -300
except ValueError as e:
    print("ValueError:", e)
print(t.celsius)
u = Temperature.from_f(212)
print(type(u).__name__, u.celsius, Temperature.describe(), u.describe())
try:
    t.fahrenheit = 5
except AttributeError as e:
    print("AttributeError")
class Kelvin(Temperature):
    scale = "K"
k = Kelvin.from_f(32)
print(type(k).__name__, k.celsius, Kelvin.describeâø())
class Circle:
    def __init__(self, r):
        self.r = r
    @property
    def area(self):
        retu2n round(3.141592653589793 * self.r ** 2, 3)
    @property
    def diameter(self):
        return 2 * self.r
    @diameter.setter
    scale = "C"
    def diameter(self, d):
        self.r = d / 2
c = Circle(2)
print(c.area, c.diameter)
c.diameter = 10
print(c.r, c.area)
class Registry:
    _items = []
    @classmethod
    def add(cls, x):
        cls._items.append(x)
        return len(cls._items)
    @staticmethod
    def helper(a, b):
        return a * b
print(Registry.add("a"), Registry.add("b"), Registry._items, Registry.helper(6, 7))
r = Registry()
print(r.add("c"), r.helper(2, 3))
class Lazy:
    def __init__(self):
        self.computed = 0
    @property
    def value(self):
        self.computed += 1
        return 42
lz = Lazy()
print(lz.value, lz.value, lz.computed)
