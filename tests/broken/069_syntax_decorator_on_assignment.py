def dec(f):
    return f
@dec
x = 1
raise RuntimeError('this program should have been rejected before running')
