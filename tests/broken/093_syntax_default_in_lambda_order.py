f = lambda a=1, b: a
raise RuntimeError('this program should have been rejected before running')
