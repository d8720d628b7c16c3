# return of an unparenthesized yield
def f():
    return yield 1
