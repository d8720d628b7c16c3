def f(a=1, b):
    return a + b
raise RuntimeError('this program should have been rejected before running')
