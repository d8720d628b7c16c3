def f(a):
    return a
f(a=1, a=2)
raise RuntimeError('this program should have been rejected before running')
