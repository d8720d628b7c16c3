x = 1__000
raise RuntimeError('this program should have been rejected before running')
