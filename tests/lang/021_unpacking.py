# Unpacking: swaps, nested targets, *rest in every position, star in literals and calls
a, b = 1, 2
a, b = b, a
print(a, b)
first, *rest = [1, 2, 3, 4]
print(first, rest)
*init, last = "abcd"
print(init, last)
head, *mid, tail = range(6)
print(head, mid, tail)
x, *y = [1]
print(x, y)
(p, q), r = (1, 2), 3
print(p, q, r)
[m, n] = [5, 6]
print(m, n)
for i, (k, v) in enumerate({"a": 1, "b": 2}.items()):
    print(i, k, v)
for a, *others in [(1, 2, 3), (4,), (5, 6)]:
    print(a, others)
print([*range(3), *"ab", *[None]])
print((*[1, 2], 3), {*[1, 2], 3}, {**{"k": 1}, "j": 2})
def f(a, b, c=0, *args, **kw):
    return (a, b, c, args, kw)
print(f(*[1, 2]))
print(f(*[1, 2, 3, 4, 5]))
print(f(1, *[2], c=9, **{"z": 1}))
args = (1, 2, 3)
print(max(*args), min(*args, 0), list(zip(*[(1, "a"), (2, "b")])))
try:
    a, b = [1, 2, 3]
except ValueError as e:
    print("ValueError:", e)
try:
    a, b, c = [1, 2]
except ValueError as e:
    print("ValueError:", e)
try:
    a, *b, c = [1]
except ValueError as e:
    print("ValueError:", e)
s = "x,y,z"
one, two, three = s.split(",")
print(one, two, three)
data = [("ann", 30, "nyc"), ("bob", 25, "sf")]
for name, age, city in data:
    print(f"{name:>5} {age:3d} {city}")
a = b = c = 0
a += 1
print(a, b, c)
i = 0
lst = [10, 20]
i, lst[i] = 1, 99
print(i, lst)
(a, b), (c, d) = "xy", [3, 4]
print(a, b, c, d)
