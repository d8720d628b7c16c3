# match statement (PEP 634): literal, capture, wildcard, value, sequence, mapping, class, OR, AS
# patterns, guards, soft keywords, dataclass/namedtuple __match_args__, runtime TypeErrors.
from dataclasses import dataclass
from collections import namedtuple

def describe(x):
    match x:
        case 0 | 1 | 2:
            return f"small int {x}"
        case True:
            return "true"
        case None:
            return "none"
        case -1.5:
            return "neg float"
        case "hello" "world":
            return "greeting"
        case b"raw":
            return "bytes raw"
        case str() as s if len(s) > 3:
            return f"long str {s!r}"
        case str(s):
            return f"short str {s}"
        case [] :
            return "empty seq"
        case [a]:
            return f"one {a}"
        case [a, b, *rest] if rest:
            return f"many {a} {b} rest={rest}"
        case (a, b):
            return f"pair {a} {b}"
        case {"type": "point", "x": px, "y": py}:
            return f"point dict {px},{py}"
        case {"k": v, **others}:
            return f"k={v} others={others}"
        case {}:
            return "some mapping"
        case int(n) if n > 100:
            return f"big {n}"
        case float() | int():
            return "number"
        case _:
            return f"other {type(x).__name__}"

for v in [0, 2, True, None, -1.5, "helloworld", b"raw", "abcdef", "ab", [], (5,), [1,2,3,4],
          (7, 8), {"type": "point", "x": 1, "y": 2, "z": 3}, {"k": 1, "j": 2}, {"q": 1}, 500, 3.5,
          7, range(2), {1, 2}, b"xy", bytearray(b"ab")]:
    print(repr(v), "->", describe(v))

@dataclass
class Point:
    x: int
    y: int

class Circle:
    __match_args__ = ("center", "radius")
    def __init__(self, c, r):
        self.center = c
        self.radius = r

NT = namedtuple("NT", "a b c")

def shape(s):
    match s:
        case Point(0, 0):
            return "origin"
        case Point(x=0, y=yy):
            return f"on y axis at {yy}"
        case Point(xx, 0):
            return f"on x axis at {xx}"
        case Circle(Point(x, y), r=radius) if radius > 10:
            return f"big circle at {x},{y} r={radius}"
        case Circle(center=c, radius=r):
            return f"circle {c} {r}"
        case NT(1, b, c=cc):
            return f"nt b={b} c={cc}"
        case NT(a, _, _):
            return "never"
        case _:
            return "unknown"

for s in [Point(0, 0), Point(0, 5), Point(3, 0), Point(1, 1), Circle(Point(1, 2), 20),
          Circle(Point(1, 2), 2), NT(1, 2, 3), NT(2, 2, 3), 5]:
    print(shape(s))

class Color:
    RED = 1
    GREEN = 2

def color(c):
    match c:
        case Color.RED:
            return "red"
        case Color.GREEN:
            return "green"
    return "no match"

print(color(1), color(2), color(3))

# soft keywords remain names
match = [1, 2]
case = 3
print(match, case)
match[0] = 9
print(match)
def match_fn(match):
    return match
print(match_fn(4))

# bindings only on success; or-pattern bindings
for cmd in ["go north", "go", "look", "drop sword shield", "quit now please"]:
    match cmd.split():
        case ["go", direction]:
            print("going", direction)
        case ["go"]:
            print("go where?")
        case ["drop", *objects]:
            print("dropping", objects)
        case [("look" | "l") as verb]:
            print("looking with", verb)
        case [first, *_]:
            print("unknown command", first)

# nested / walrus subject / tuple subject
match (x := 5), 6:
    case (5, y):
        print("tuple subject", x, y)

match 1, 2, 3:
    case a, *b:
        print(a, b)

# sequences: deque/range yes, str/dict no
from collections import deque
for subj in [deque([1, 2]), range(1, 3), "12", {1: 2, 2: 3}, iter([1, 2])]:
    match subj:
        case [p, q]:
            print(type(subj).__name__, "seq", p, q)
        case _:
            print(type(subj).__name__, "not seq")

# mapping: get() semantics with defaultdict does not insert
from collections import defaultdict
dd = defaultdict(list, {"a": 1})
match dd:
    case {"b": _}:
        print("has b")
    case {"a": val, **rest}:
        print("a", val, rest, dict(dd))

# guard sees the bound names; failed guard falls through
match [1, 2]:
    case [a, b] if a > b:
        print("desc")
    case [a, b]:
        print("asc", a, b)

# value pattern compares with ==
match 1.0:
    case 1:
        print("1.0 == 1")

match 0:
    case False:
        print("no: singletons use is")
    case 0:
        print("zero")

# errors
class NoArgs:
    pass
try:
    match NoArgs():
        case NoArgs(1):
            pass
except TypeError as e:
    print("TypeError:", e)
try:
    match 1:
        case len():
            pass
except TypeError as e:
    print("TypeError:", e)
class BadArgs:
    __match_args__ = ["a"]
try:
    match BadArgs():
        case BadArgs(1):
            pass
except TypeError as e:
    print("TypeError:", e)
class Dup:
    __match_args__ = ("a",)
    a = 1
try:
    match Dup():
        case Dup(1, a=1):
            pass
except TypeError as e:
    print("TypeError:", e)
match 5:
    case int(1, ) | int(5):
        print("int self")
try:
    match 5:
        case int(1, 2):
            pass
except TypeError as e:
    print("TypeError:", e)
print(Point.__match_args__)
