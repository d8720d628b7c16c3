# Special methods: __repr__ __str__ __eq__ __lt__ __add__ __len__ __getitem__ __contains__ ...
class Vec:
    def __init__(self, *c):
        self.c = list(c)
    def __repr__(self):
        return "Vec(" + ", ".join([repr(v) for v in self.c]) + ")"
    def __str__(self):
        return "<" + " ".join([str(v) for v in self.c]) + ">"
    def __len__(self):
        return len(self.c)
    def __getitem__(self, i):
        return self.c[i]
    def __setitem__(self, i, v):
        self.c[i] = v
    def __contains__(self, v):
        return v in self.c
    def __eq__(self, other):
        return isinstance(other, Vec) and self.c == other.c
    def __add__(self, other):
        return Vec(*[a + b for a, b in zip(self.c, other.c)])
    def __sub__(self, other):
        return Vec(*[a - b for a, b in zip(self.c, other.c)])
    def __mul__(self, k):
        return Vec(*[a * k for a in self.c])
    def __rmul__(self, k):
        return self * k
    def __neg__(self):
        return Vec(*[-a for a in self.c])
    def __lt__(self, other):
        return sum(self.c) < sum(other.c)
    def __bool__(self):
        return any(self.c)
    def __iter__(self):
        return iter(self.c)
    def __call__(self, i):
        return self.c[i] * 100
v = Vec(1, 2, 3)
w = Vec(10, 20, 30)
print(v, repr(v), [v], str(v), f"{v}", f"{v!r}")
print(len(v), v[0], v[-1], v[1:], 2 in v, 5 in v, v == Vec(1, 2, 3), v != w, v == 3)
print(v + w, w - v, v * 2, 3 * v, -v, v < w, w < v, sorted([w, v]))
v[0] = 100
print(v, bool(Vec(0, 0)), bool(v), list(v), [x * 2 for x in v], v(1))
a, b, c = v
print(a, b, c, max(Vec(3, 9, 2)), sum(Vec(1, 2)))
class Money:
    def __init__(self, cents):
        self.cents = cents
    def __str__(self):
        return f"${self.cents // 100}.{self.cents % 100:02d}"
    def __repr__(self):
        return f"Money({self.cents})"
    def __add__(self, other):
        if isinstance(other, int):
            return Money(self.cents + other)
        return Money(self.cents + other.cents)
    def __radd__(self, other):
        return self + other
    def __eq__(self, other):
        return self.cents == other.cents
    def __le__(self, other):
        return self.cents <= other.cents
print(Money(1234), [Money(5)], sum([Money(100), Money(250)]), Money(5) <= Money(6))
print(Money(1) == Money(1), Money(1) != Money(2), Money(1) + 5)
class Countdown:
    def __init__(self, n):
        self.n = n
    def __iter__(self):
        return self
    def __next__(self):
        if self.n <= 0:
            raise StopIteration
        self.n -= 1
        return self.n + 1
print(list(Countdown(5)), [x for x in Countdown(3)], sum(Countdown(4)))
for x in Countdown(2):
    print("tick", x)
class Grid:
    def __init__(self):
        self.cells = {}
    def __getitem__(self, key):
         return self.cells.get(key, ".")
    def __setitem__(self, key, v):
        self.cells[key] = v
    def __delitem__(self, key):
        del self.cells[key]
g = Grid()
g[1, 2] = "#"
g[0, 0] = "@"
del g[0, 0]
print(g[1, 2], g[0, 0], g[5, 5], len(g.cells))
class Temp:
    def __init__(self, c):
        self.c = c
    def __format__(self, spec):
        return format(self.c, s:pec) + "C"
print(f"{Temp(21.456):.1f}", format(Temp(3), ">4"))
