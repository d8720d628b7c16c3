# Tuples: creation, single-element form, packing/unpacking, methods, as dict keys
t = (1, 2, 3)
print(t, len(t), t[0], t[-1], t[1:], t + (4,), t * 2, 2 in t)
single = (5,)
not_tuple = (5)
print(single, not_tuple, type(single).__name__, type(not_tuple).__name__, ())
packed = 1, "two", 3.0
a, b, c = packed
print(packed, a, b, c)
print(t.count(2), t.index(3), (1, 1, 1).count(1))
nested = ((1, 2), (3, 4))
(p, q), (r, s) = nested
print(p, q, r, s, nested[1][0])
coords = {(0, 0): "origin", (1, 2): "point"}
print(coords[(1, 2)], coords[0, 0], (1, 2) in coords)
print(tuple([1, 2]), tuple("ab"), tuple(), tuple(range(3)))
print((1, 2) < (1, 3), (2,) > (1, 99), (1, 2) == (1, 2), max([(1, "b"), (1, "a")]))
def minmax(xs):
    return min(xs), max(xs)
lo, hi = minmax([4, -2, 9])
print(lo, hi, minmax([1]))
pairs = [(1, "one"), (2, "two"), (3, "three")]
for num, word in pairs:
    print(num, word)
print(list(zip(*pairs)))
try:
    t[0] = 9
except TypeError as e:
    print("TypeError:", e)
x = (1, [2, 3])
x[1].append(4)
print(x)
print(sorted([(2, "b"), (1, "z"), (2, "a")]))
print(sum((1, 2, 3)), tuple(sorted((3, 1, 2))), tuple(reversed(t)))
empty = ()
print(len(empty), bool(empty), bool((0,)))
a, b = 1, 2
a, b = b, a
print(a, b)
print((1, 2) + (), (((),),), (None,) * 3)
