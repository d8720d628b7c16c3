# enum: Enum, IntEnum, Flag, IntFlag, auto, unique as CPython 3.11 prints them
import enum
from enum import Enum, IntEnum, Flag, IntFlag, auto, unique
class Color(Enum):
    RED = 1
    GREEN = 2
    BLUE = 3
    CRIMSON = 1
    def describe(self):
        return self.name.lower() + "!"
print(repr(Color.RED), str(Color.RED), f"{Color.GREEN}", Color.RED.name, Color.RED.value)
print(list(Color), len(Color), Color(2), Color["BLUE"], Color.CRIMSON is Color.RED)
print(Color.RED in Color, Color.RED == Color.RED, Color.RED == 1, Color.RED.describe())
print(Color.__members__)
print(repr(Color), type(Color), isinstance(Color.RED, Color), hash(Color.RED) == hash("RED"))
try: Color(9)
except ValueError as e: print("ValueError:", e)
try: Color["NOPE"]
except KeyError as e: print("KeyError:", e)
try: Color.RED < Color.GREEN
except TypeError as e: print("TypeError:", e)
try: Color.RED = 5
except AttributeError as e: print("AttributeError:", e)
class Auto(Enum):
    A = auto()
    B = auto()
    C = 10
    D = auto()
print(list(Auto), [m.value for m in Auto])
class Num(IntEnum):
    ONE = 1
    TWO = 2
print(repr(Num.ONE), str(Num.TWO), f"{Num.TWO}", Num.ONE + 1, Num.ONE == 1, Num.TWO > Num.ONE, Num(2), sorted([Num.TWO, Num.ONE]))
print([10, 20, 30][Num.ONE])
class Perm(Flag):
    R = 4
    W = 2
    X = 1
rw = Perm.R | Perm.W
print(repr(rw), str(rw), Perm.R in rw, Perm.X in rw, list(rw), bool(Perm(0)), repr(Perm(0)), str(Perm(0)), repr(Perm))
print(repr(~Perm.R), repr(rw & Perm.W), Perm(7))
class F(Flag):
    A = auto()
    B = auto()
    C = auto()
print([m.value for m in F])
class IF(IntFlag):
    R = 4
    W = 2
print(repr(IF.R | IF.W), str(IF.R | IF.W), IF.R | 1, IF.R == 4)
try:
    @unique
    class U(Enum):
        A = 1
        B = 1
except ValueError as e:
    print("ValueError:", e)
class Planet(Enum):
    EARTH = (5.97e24, 6.37e6)
    MARS = (6.42e23, 3.39e6)
    def __init__(self, mass, radius):
        self.mass = mass
        self.radius = radius
print(Planet.MARS.mass, Planet.EARTH.value)
Animal = Enum("Animal", "ANT BEE CAT")
print(list(Animal), Animal.BEE.value)
print(Color.GREEN.__class__.__name__, isinstance(Num.ONE, Enum), {Color.RED: "r"}[Color.CRIMSON])
