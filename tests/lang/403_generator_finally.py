# finally and with blocks inside generators: run on exhaustion, close, errors, and when an
# unfinished generator is dropped (refcount or cycle collection)
import gc


class Res:
    def __init__(self, name):
        self.name = name

    def __enter__(self):
        print("enter", self.name)
        return self

    def __exit__(self, t, v, tb):
        print("exit", self.name, t.__name__ if t else None)
        return False


def reader(name, n):
    with Res(name):
        for i in range(n):
            yield i


print(list(reader("a", 2)))
g = reader("b", 5)
print(next(g), next(g))
g.close()
print("after close")

g = reader("c", 5)
print(next(g))
del g
print("after del")


def use_partially():
    for x in reader("d", 10):
        if x == 2:
            break
    print("loop done")


use_partially()


def first(it):
    for x in it:
        return x


print(first(reader("e", 3)))


def nested_finally():
    try:
        try:
            yield 1
        finally:
            print("inner finally")
    finally:
        print("outer finally")


g = nested_finally()
next(g)
g = None
print("replaced")

# dropped while an exception is propagating (CPython frees it with the traceback)
dropped = []


def quiet():
    try:
        yield 1
    finally:
        dropped.append(1)


def raiser():
    g = quiet()
    next(g)
    raise KeyError("boom")


try:
    raiser()
except KeyError as e:
    print("caught", e)
print("dropped", dropped)

# a cycle: the generator refers to itself through its frame
def cyc():
    me = yield
    try:
        yield 1
    finally:
        print("cycle finally")


g = cyc()
next(g)
g.send(g)
del g
gc.collect()
print("collected")

# finally blocks that raise while the generator is dropped are reported, not raised
def noisy():
    try:
        yield 1
    finally:
        print("noisy finally")


g = noisy()
next(g)
del g

# exception inside the with body passes through __exit__
def failing():
    with Res("f"):
        yield 1
        raise ValueError("inside")


g = failing()
next(g)
try:
    next(g)
except ValueError as e:
    print("caught", e)

# try/except/else/finally around yields
def flow(fail):
    try:
        yield "try"
        if fail:
            raise LookupError("fail")
    except LookupError:
        yield "except"
    else:
        yield "else"
    finally:
        yield "finally"
    yield "end"


print(list(flow(False)))
print(list(flow(True)))

# return in finally overrides
def ret_finally():
    try:
        yield 1
        return "try"
    finally:
        return "finally"


g = ret_finally()
next(g)
try:
    next(g)
except StopIteration as e:
    print(e.value)

# many unfinished generators dropped
count = 0


def tracked():
    global count
    try:
        yield 1
    finally:
        count += 1


gens = [tracked() for _ in range(100)]
for g in gens:
    next(g)
del gens, g
print("finalized", count)

# a generator suspended inside a loop over another generator
def inner():
    try:
        yield from range(3)
    finally:
        print("inner done")


def outer():
    try:
        for x in inner():
            yield x
    finally:
        print("outer done")


g = outer()
print(next(g))
del g
print("end")
