# send, throw (type, instance, 3-argument form), close, PEP 479, "already executing"


def echo():
    received = []
    try:
        while True:
            try:
                x = yield len(received)
                received.append(x)
            except ValueError as e:
                print("caught", repr(e))
                received.append("err")
    finally:
        print("echo finally", received)


g = echo()
print(next(g))
print(g.send("a"))
print(g.send("b"))
print(g.throw(ValueError))
print(g.throw(ValueError("instance")))
print(g.throw(ValueError, "with value"))
print(g.throw(ValueError, ValueError("inst2"), None))
print(g.throw(ValueError, ("t1",)))
g.close()
print("closed", g.gi_running)
g.close()
try:
    next(g)
except StopIteration:
    print("exhausted after close")

# send to a just-started generator
g = echo()
try:
    g.send(1)
except TypeError as e:
    print("TypeError:", e)
print(g.send(None))
g.close()

# throw into a just-started generator: the exception comes straight out
def never():
    print("never runs")
    yield 1


g = never()
try:
    g.throw(KeyError("k"))
except KeyError as e:
    print("KeyError", e)
print(list(g))

# an unhandled thrown exception finishes the generator
def simple():
    yield 1
    yield 2


g = simple()
next(g)
try:
    g.throw(IndexError("idx"))
except IndexError as e:
    print("propagated", e)
print(list(g))

# bad throw arguments
g = simple()
for args in [(1,), (ValueError("x"), 1), ("str",)]:
    try:
        g.throw(*args)
    except TypeError as e:
        print("TypeError:", e)

# throw returning normally: StopIteration with the value
def returns_on_throw():
    try:
        yield 1
    except ZeroDivisionError:
        return "handled"


g = returns_on_throw()
next(g)
try:
    g.throw(ZeroDivisionError)
except StopIteration as e:
    print("StopIteration", e.value)

# close: GeneratorExit inside, finally runs; ignoring it is a RuntimeError
def closer():
    try:
        yield 1
    except GeneratorExit:
        print("got GeneratorExit")
        raise


g = closer()
next(g)
g.close()


def ignorer():
    try:
        yield 1
    except GeneratorExit:
        yield 2


g = ignorer()
next(g)
try:
    g.close()
except RuntimeError as e:
    print("RuntimeError:", e)


def close_returns():
    try:
        yield 1
    finally:
        return 5


g = close_returns()
next(g)
print(g.close())


def close_raises():
    try:
        yield 1
    finally:
        raise KeyError("from finally")


g = close_raises()
next(g)
try:
    g.close()
except KeyError as e:
    print("close raised", e)

# PEP 479
def leaks_stop():
    yield 1
    next(iter([]))


g = leaks_stop()
print(next(g))
try:
    next(g)
except RuntimeError as e:
    print(type(e).__name__, e, type(e.__cause__).__name__)


def raises_stop():
    raise StopIteration("x")
    yield


try:
    list(raises_stop())
except RuntimeError as e:
    print("list:", e)

# return inside a generator is not StopIteration
def ret():
    return 3
    yield


print(list(ret()))

# already executing
def self_next():
    yield next(me)


me = self_next()
try:
    next(me)
except ValueError as e:
    print("ValueError:", e)


def self_send():
    yield me2.send(None)


me2 = self_send()
try:
    me2.send(None)
except ValueError as e:
    print("ValueError:", e)

# the value of a yield expression
def acc():
    total = 0
    while True:
        v = yield total
        if v is None:
            break
        total += v
    return total


g = acc()
next(g)
for v in [1, 2, 3]:
    print(g.send(v))
try:
    g.send(None)
except StopIteration as e:
    print("final", e.value)

# exceptions handled inside the generator and exception context
def ctx():
    try:
        yield 1
    except KeyError:
        yield "in handler"
        raise ValueError("second")


g = ctx()
next(g)
print(g.throw(KeyError("first")))
try:
    next(g)
except ValueError as e:
    print(repr(e), repr(e.__context__))

# generators of generator methods
print(hasattr(g, "send"), hasattr(g, "throw"), hasattr(g, "close"), hasattr(g, "__next__"))
g = simple()
print(g.__next__(), g.__next__())
try:
    g.__next__()
except StopIteration:
    print("StopIteration from __next__")
