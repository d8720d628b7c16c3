def f(if):
    return 1
