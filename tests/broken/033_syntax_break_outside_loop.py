x = 1
if x:
    break
raise RuntimeError('this program should have been rejected before running')
