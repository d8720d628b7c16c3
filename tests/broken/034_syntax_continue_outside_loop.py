def f():
    continue
raise RuntimeError('this program should have been rejected before running')
