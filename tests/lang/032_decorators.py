# Decorators: plain, stacked, with arguments, class-based, functools.partial and wraps
import functools
from functools import partial
def shout(fn):
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs).upper() + "!"
    return wrapper
@shout
def hello(name):
    return "hello " + name
print(hello("ann"))
def repeat(times):
    def deco(fn):
        def wrapper(*args):
            return [fn(*args) for _ in range(times)]
        return wrapper
    return deco
@repeat(3)
def roll(x):
    return x * 2
print(roll(5))
calls = []
def trace(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        calls.append(fn.__name__)
        return fn(*args, **kwargs)
    return wrapper
@trace
@shout
def bye(name):
    return "bye " + name
print(bye("bob"), calls, bye.__name__)
@trace
def add(a, b=1):
    """Add two numbers."""
    return a + b
print(add(2), add(2, b=5), calls, add.__name__, add.__doc__)
class CountCalls:
    def __init__(self, fn):
        self.fn = fn
        self.count = 0
    def __call__(self, *args):
        self.count += 1
        return self.fn(*args)
@CountCalls
def square(x):
    return x * x
print(square(3), square(4), square.count)
def power(base, exp):
    return base ** exp
cube = partial(power, exp=3)
two_to = partial(power, 2)
print(cube(3), two_to(10), cube(base=2), functools.partial(max, 5)(1, 9))
def register(registry):
    def deco(fn):
        registry[fn.__name__] = fn
        return fn
    return deco
handlers = {}
@register(handlers)
def on_start():
    return "started"
@register(handlers)
def on_stop():
    return "stopped"
print(sorted(handlers), handlers["on_start"](), on_stop())
def memoize(fn):
    cache = {}
    def wrapper(n):
        if n not in cache:
            cache[n] = fn(n)
        return cache[n]
    return wrapper
@memoize
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
print(fib(80))
def jit_like(fn=None, *, static=()):
    if fn is None:
        return partial(jit_like, static=static)
    def wrapper(*args):
        return ("compiled", static, fn(*args))
    return wrapper
@jit_like
def f1(x):
    return x + 1
@partial(jit_like, static=(1,))
def f2(x, n):
    return x * n
print(f1(1), f2(2, 3))
print(functools.reduce(lambda a, b: a * b, [1, 2, 3, 4, 5]), functools.reduce(max, [3, 9, 2], 0))
