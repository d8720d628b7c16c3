# an unparenthesized yield as a call argument
def f(g):
    g(yield 1)
