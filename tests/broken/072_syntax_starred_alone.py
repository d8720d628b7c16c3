*a = [1, 2]
raise RuntimeError('this program should have been rejected before running')
