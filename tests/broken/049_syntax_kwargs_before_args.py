def f(**kw, *a):
    pass
raise RuntimeError('this program should have been rejected before running')
