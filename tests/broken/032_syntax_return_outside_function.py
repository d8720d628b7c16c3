print('top')
return 5
raise RuntimeError('this program should have been rejected before running')
