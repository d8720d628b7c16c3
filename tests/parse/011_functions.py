def f():
    pass

def g(a, b):
    return a + b

def h(a, b=1, *args, c, d=2, **kwargs):
    return a

def k(a, /, b, *, c):
    return a, b, c

def m(a, b=1, /, c=2):
    pass

def n(*, a, b=1):
    pass

def o(a: int, b: float = 1.0) -> float:
    return a * b

def p(*args: int, **kwargs: str) -> None:
    ...

def q(a, /):
    return

def r(
    a,
    b,
):
    return (a,
            b)

def outer():
    x = 1
    def inner():
        nonlocal x
        x += 1
        return x
    return inner

def gen_like(xs):
    global counter
    counter = 0
    for x in xs:
        counter += x
    return counter

def oneliner(x): return x * 2

def defaults(a=[], b={}, c=(), d=None, e=lambda: 0):
    pass

def annotated(x: "str", y: list[int] = None) -> dict[str, int]:
    pass
