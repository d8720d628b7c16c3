# yield from without an expression
def f():
    x = yield from
