# yield inside a list comprehension
def f(xs):
    return [(yield x) for x in xs]
