# tuple subclasses: __new__ through tuple.__new__, properties over items, __slots__ = ()
class Point(tuple):
    __slots__ = ()
    def __new__(cls, x, y):
        return tuple.__new__(cls, (x, y))
    @property
    def x(self):
        return self[0]
    @property
    def y(self):
        return self[1]
    def __repr__(self):
        return f"Point({self[0]}, {self[1]})"

p = Point(1, 2)
print(p, p.x, p.y, len(p), list(p), tuple(p), isinstance(p, tuple), type(p).__name__)
print(p == (1, 2), (1, 2) == p, hash(p) == hash((1, 2)), p + (3,), (0,) + p, p * 2, 2 * p)
print(type(p + (3,)).__name__, type(p[:]).__name__, p[::-1], p.count(1), p.index(2), 2 in p)
x, y = p
print(x, y, sorted([Point(2, 1), Point(1, 2)]), {p: "p"}[(1, 2)], max(p), sum(p), [*p])
try:
    p.z = 3
except AttributeError as e:
    print("AttributeError", e)

class Rec(tuple):
    pass

r = Rec([1, 2, 3])
r.meta = "m"
print(r, r.meta, r.__dict__, Rec(), Rec("ab"), type(Rec("ab")).__name__)

class Rev(tuple):
    def __iter__(self):
        return iter([self[i] for i in range(2, -1, -1)])
    def __len__(self):
        return 0
    def __eq__(self, other):
        return True
    __hash__ = tuple.__hash__

v = Rev((1, 2, 3))
print(list(v), len(v), v == 5, bool(v), [*v], sorted(v))
