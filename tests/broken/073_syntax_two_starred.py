a, *b, *c = [1, 2, 3]
raise RuntimeError('this program should have been rejected before running')
