def f(*a, *b):
    pass
raise RuntimeError('this program should have been rejected before running')
