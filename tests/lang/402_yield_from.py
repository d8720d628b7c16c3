# yield from: delegation of next/send/throw/close and the sub-generator's return value


def sub(n):
    total = 0
    for i in range(n):
        x = yield i
        if x:
            total += x
    return total


def deleg():
    r1 = yield from sub(3)
    print("sub returned", r1)
    r2 = yield from sub(2)
    print("sub returned", r2)
    return r1 + r2


g = deleg()
print(next(g))
print(g.send(10))
print(g.send(5))
print(g.send(None))
print(g.send(7))
try:
    g.send(None)
except StopIteration as e:
    print("deleg returned", e.value)

# over plain iterables
def chain(*its):
    for it in its:
        yield from it


print(list(chain([1, 2], (3,), "ab", range(2), {"k": 1})))


def from_iter_return():
    r = yield from [1, 2]
    print("list gives", r)


print(list(from_iter_return()))

# gi_yieldfrom
def inner():
    yield 1
    yield 2


def outer():
    yield from inner()


g = outer()
print(g.gi_yieldfrom)
next(g)
print(g.gi_yieldfrom.__name__)

# throw delegates to the inner generator
def catching_inner():
    while True:
        try:
            yield "inner waiting"
        except ValueError as e:
            print("inner caught", e)
            yield "inner recovered"


def outer2():
    try:
        yield from catching_inner()
    except KeyError as e:
        print("outer caught", repr(e))
        yield "outer recovered"


g = outer2()
print(next(g))
print(g.throw(ValueError("v")))
print(next(g))
print(g.throw(KeyError("k")))

# close delegates: inner finally runs first, then outer
def inner_f():
    try:
        yield 1
        yield 2
    finally:
        print("inner finally")


def outer_f():
    try:
        yield from inner_f()
    finally:
        print("outer finally")


g = outer_f()
next(g)
g.close()
print("closed")

# exception inside the sub-generator propagates through yield from
def bad():
    yield 1
    raise ArithmeticError("bad")


def wrap():
    try:
        yield from bad()
    except ArithmeticError as e:
        print("wrapped", e)
        yield "after"


print(list(wrap()))

# deep delegation chain
def chain_n(n):
    if n == 0:
        yield "bottom"
        return 0
    r = yield from chain_n(n - 1)
    return r + 1


def top():
    r = yield from chain_n(50)
    yield r


print(list(top()))

# sending into a delegating generator that delegates to an iterator without send
def no_send():
    yield from iter([1, 2, 3])


g = no_send()
next(g)
try:
    g.send(5)
except AttributeError as e:
    print("AttributeError:", e)

# yield from a generator that is already running
def self_from():
    yield from me


me = self_from()
try:
    next(me)
except ValueError as e:
    print("ValueError:", e)

# tree walk with yield from
class Node:
    def __init__(self, v, *kids):
        self.v = v
        self.kids = kids

    def __iter__(self):
        yield self.v
        for k in self.kids:
            yield from k


t = Node(1, Node(2, Node(3)), Node(4, Node(5), Node(6)))
print(list(t))
print(sum(t))
