x = 0123
raise RuntimeError('this program should have been rejected before running')
