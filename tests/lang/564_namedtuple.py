# collections.namedtuple: a real tuple subclass with CPython's API
from collections import namedtuple

P = namedtuple('P', 'x y')
p = P(1, y=2)
print(p, p.x, p[1], len(p), isinstance(p, tuple), p == (1, 2), P._fields, P._field_defaults)
print(P.__match_args__, p._replace(x=5), p._asdict(), P._make([3, 4]), repr(P), P.__doc__)
print(P.x.__doc__, P.__mro__, P.__slots__)
x, y = p
print(x + y, sum(p), hash(p) == hash((1, 2)), p + (3,), p * 2, tuple(p), sorted([P(2, 1), P(1, 2)]))
print({p: 1}[(1, 2)], max(P(3, 9)), "%s-%s" % tuple(p), [*p], dict(zip(P._fields, p)))

C = namedtuple('C', ['count', 'index'], defaults=[0])
c = C(5)
print(c, c.count, c.index, C._field_defaults, C(1, 2).index)

D = namedtuple('D', 'a, b c', defaults=(8, 9))
print(D(1), D(), D(1, c=3)) if False else print(D(1), D(1, c=3))
print(namedtuple('R', 'a def _b a', rename=True)._fields)

class Point3(namedtuple('Point3', 'x y z')):
    __slots__ = ()
    @property
    def norm1(self):
        return abs(self.x) + abs(self.y) + abs(self.z)
    def __str__(self):
        return f"<{self.x},{self.y},{self.z}>"

q = Point3(1, -2, 3)
print(q, repr(q), q.norm1, q._replace(z=0), type(q._replace(z=0)).__name__)

for bad in [lambda: P(1), lambda: P(1, 2, 3), lambda: P(1, 2, z=3), lambda: P(1, x=2),
            lambda: p._replace(z=1), lambda: namedtuple('Q', 'a a'), lambda: namedtuple('Q', 'a _b'),
            lambda: namedtuple('Q', 'a class'), lambda: namedtuple('1Q', 'a'), lambda: P._make([1])]:
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
try:
    p.x = 3
except AttributeError as e:
    print("AttributeError", e)
