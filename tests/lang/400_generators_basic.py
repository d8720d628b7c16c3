# generators: yield, next, for loops, return values, names, repr, types
import types


def count(n):
    i = 0
    while i < n:
        yield i
        i += 1


print(list(count(5)))
g = count(2)
print(type(g).__name__, g.__name__, g.__qualname__)
print(repr(g).startswith("<generator object count at 0x"))
print(isinstance(g, types.GeneratorType), type(g) is types.GeneratorType)
print(iter(g) is g)
print(next(g), next(g))
try:
    next(g)
except StopIteration as e:
    print("StopIteration", e.value, e.args)
print(next(g, "default"))


def with_return():
    yield 1
    return 42


g = with_return()
print(next(g))
try:
    next(g)
except StopIteration as e:
    print("value", e.value)


def empty():
    return
    yield


print(list(empty()))


def outer():
    def inner(k):
        for j in range(k):
            yield j * 10
    return inner


print(outer()(3).__qualname__)
print([x for x in outer()(3)])


class Batches:
    def __init__(self, data, size):
        self.data = data
        self.size = size

    def __iter__(self):
        for i in range(0, len(self.data), self.size):
            yield self.data[i:i + self.size]


b = Batches(list(range(7)), 3)
print(list(b))
print(list(b))
print(sum(1 for _ in b))


# closures and nonlocal state
def counter():
    total = 0

    def add(n):
        nonlocal total
        for i in range(n):
            total += i
            yield total
    return add


print(list(counter()(5)))


# recursion inside generators
def flatten(x):
    if isinstance(x, list):
        for y in x:
            yield from flatten(y)
    else:
        yield x


print(list(flatten([1, [2, [3, [4, [5]]]], 6, [[7]]])))


def perms(items):
    if len(items) <= 1:
        yield items
        return
    for i in range(len(items)):
        for p in perms(items[:i] + items[i + 1:]):
            yield [items[i]] + p


print(list(perms([1, 2, 3])))


def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b


g = fib()
print([next(g) for _ in range(15)])
print(list(zip(range(3), fib())))
print(dict(enumerate(count(3))))
print(sorted(count(4), reverse=True))
print(max(count(6)), min(count(6)), any(x > 3 for x in count(5)))

# several generators interleaved
a, b = count(3), count(3)
print([(next(a), next(b)) for _ in range(3)])

# generator lambda
gl = (lambda: (yield 5))()
print(list(gl))

# yield inside expressions
def expr_yield():
    x = (yield 1) or 10
    y = [(yield 2), (yield 3)]
    yield x, y


g = expr_yield()
print(next(g), g.send(None), g.send("a"), g.send("b"))

# unpacking and star
def stars():
    yield *[1, 2], 3
    yield


print(list(stars()))

# generator state
g = count(1)
print(g.gi_running, g.gi_yieldfrom)
print(list(g), list(g))

# generators work inside other callables
print("".join(c.upper() for c in "abc"))
print(list(map(lambda v: v * 2, count(4))))
print(list(filter(None, count(4))))


def running():
    yield g2.gi_running


g2 = running()
print(next(g2), g2.gi_running)
