# generator expressions are lazy generators of the same type as def-generators
import types

log = []


def src(n):
    for i in range(n):
        log.append(i)
        yield i


g = (x * 2 for x in src(5))
print(log)
print(next(g), log)
print(list(g), log)
print(type(g).__name__, isinstance(g, types.GeneratorType))


def gen():
    yield


print(type(x for x in []) is type(gen()))
print(repr(x for x in []).startswith("<generator object <genexpr> at 0x"))


def make():
    return (y for y in range(3))


print(repr(make()).split(" at ")[0])
print(make().__name__, make().__qualname__)

# stops early on huge ranges
print(any(x > 10 for x in range(10 ** 12)))
print(next(x for x in range(10 ** 12) if x * x > 50))
print(sum(x for x in range(10 ** 6) if x % 3 == 0))

# the first iterable is evaluated at once, the rest lazily
try:
    (x for x in 5)
except TypeError as e:
    print("TypeError:", e)
g = (x for x in [1] for y in 5)
try:
    next(g)
except TypeError as e:
    print("lazy TypeError:", e)

# send/close/throw on a generator expression
g = (x for x in range(5))
print(next(g), g.send("ignored"), g.gi_running)
g.close()
print(list(g))
g = (x for x in range(5))
try:
    g.send(1)
except TypeError as e:
    print("TypeError:", e)
print(next(g))
try:
    g.throw(KeyError("k"))
except KeyError as e:
    print("KeyError", e)
print(list(g))

# nested and closures
n = 3
print(list((i, j) for i in range(n) for j in range(i)))
print([list(c for c in w) for w in ["ab", "cd"]])


def scale(k):
    return list(v * k for v in range(4))


print(scale(3))

# yield from a generator expression
def wrap():
    r = yield from (c.upper() for c in "xyz")
    yield r


print(list(wrap()))

# exhausted generator expressions stay exhausted
g = (x for x in range(2))
print(list(g), list(g))
print(sorted((x % 3 for x in range(9)), reverse=True))
print(dict((k, k * k) for k in range(4)))
print(tuple(str(i) for i in range(3)), set(i % 2 for i in range(5)))
print(" ".join(w for w in "a b c".split()))
