a = 1
a = b = c = 0
a, b = 1, 2
(a, b) = (1, 2)
[a, b] = [1, 2]
a, *rest = items
*init, last = items
a, (b, c) = 1, (2, 3)
x.attr = 1
x[0] = 1
x[1:2] = [3]
x.a.b[c].d = e
a += 1
a -= 1
a *= 2
a /= 2
a //= 2
a %= 3
a **= 2
a @= m
a &= 1
a |= 1
a ^= 1
a <<= 1
a >>= 1
x.y += 1
x[i] -= 1
n: int
n: int = 5
x.attr: float = 1.0
x[0]: str = 'a'
(p): int = 3
lst: list[int] = []
a, = b
for_ = 1
a = yield_ = 2
d = {}; d['k'] = 1
