# contextlib: contextmanager (exceptions thrown into the generator), suppress, closing,
# nullcontext, ExitStack, ContextDecorator
from contextlib import contextmanager, suppress, closing, nullcontext, ExitStack, ContextDecorator


@contextmanager
def tag(name):
    print("<" + name + ">")
    try:
        yield name.upper()
    finally:
        print("</" + name + ">")


with tag("a") as t:
    print("inside", t)

try:
    with tag("b"):
        raise ValueError("body error")
except ValueError as e:
    print("propagated", e)


@contextmanager
def swallow(*types):
    try:
        yield
    except types as e:
        print("swallowed", type(e).__name__, e)


with swallow(KeyError):
    {}["missing"]
print("after swallow")
try:
    with swallow(KeyError):
        raise IndexError("not swallowed")
except IndexError as e:
    print("passed through", e)


@contextmanager
def transform():
    try:
        yield
    except ZeroDivisionError as e:
        raise ArithmeticError("wrapped") from e


try:
    with transform():
        1 / 0
except ArithmeticError as e:
    print(type(e).__name__, e, type(e.__cause__).__name__)


@contextmanager
def no_yield():
    if False:
        yield


try:
    with no_yield():
        pass
except RuntimeError as e:
    print("RuntimeError:", e)


@contextmanager
def two_yields():
    yield 1
    yield 2


try:
    with two_yields():
        pass
except RuntimeError as e:
    print("RuntimeError:", e)


@contextmanager
def keeps_yielding():
    while True:
        try:
            yield
        except Exception:
            pass


try:
    with keeps_yielding():
        raise ValueError
except RuntimeError as e:
    print("RuntimeError:", e)


# StopIteration raised in the body passes through
@contextmanager
def plain():
    yield


try:
    with plain():
        raise StopIteration("from body")
except StopIteration as e:
    print("StopIteration", e)


# as a decorator
@tag("deco")
def decorated(x):
    print("decorated body", x)
    return x * 2


print(decorated(21))
print(decorated(1))


class Timer(ContextDecorator):
    def __enter__(self):
        print("start")
        return self

    def __exit__(self, *exc):
        print("stop", exc[0].__name__ if exc[0] else None)
        return False


@Timer()
def work():
    print("working")


work()

# suppress
with suppress(KeyError, IndexError):
    [][1]
print("suppressed")
with suppress(ArithmeticError):
    1 / 0
try:
    with suppress(KeyError):
        raise TypeError("kept")
except TypeError as e:
    print("not suppressed", e)


# closing
class Resource:
    def close(self):
        print("Resource.close")


with closing(Resource()) as r:
    print(type(r).__name__)


# closing a generator
def numbers():
    try:
        yield 1
        yield 2
    finally:
        print("numbers closed")


with closing(numbers()) as g:
    print(next(g))

# nullcontext
with nullcontext(5) as v:
    print(v)
with nullcontext() as v:
    print(v)

# ExitStack
with ExitStack() as stack:
    names = [stack.enter_context(tag(n)) for n in ["x", "y"]]
    stack.callback(print, "callback", 1)
    print(names)

with ExitStack() as stack:
    stack.enter_context(tag("outer"))
    stack.push(lambda *exc: print("push saw", exc[0].__name__ if exc[0] else None))
    try:
        with ExitStack() as inner:
            inner.enter_context(tag("inner"))
            raise KeyError("k")
    except KeyError:
        print("inner KeyError caught")


def suppressor(*exc):
    print("suppressing", exc[0].__name__)
    return True


with ExitStack() as stack:
    stack.push(suppressor)
    raise ValueError("gone")
print("ExitStack suppressed it")

try:
    with ExitStack() as stack:
        stack.callback(lambda: 1 / 0)
        raise KeyError("first")
except ZeroDivisionError as e:
    print("replaced by", type(e).__name__, "context", type(e.__context__).__name__)

stack = ExitStack()
stack.callback(print, "deferred")
moved = stack.pop_all()
stack.close()
print("nothing yet")
moved.close()

# nested contextmanagers and generators together
@contextmanager
def opened(log):
    log.append("open")
    try:
        yield log
    finally:
        log.append("close")


def lines(log):
    with opened(log):
        for i in range(3):
            yield i


log = []
for x in lines(log):
    log.append(x)
print(log)
log = []
g = lines(log)
next(g)
g.close()
print(log)
