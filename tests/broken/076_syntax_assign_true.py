True = 0
raise RuntimeError('this program should have been rejected before running')
