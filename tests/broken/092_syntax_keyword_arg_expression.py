def f(a):
    return a
f(a + 1=2)
