def f(a, a):
    return a
raise RuntimeError('this program should have been rejected before running')
