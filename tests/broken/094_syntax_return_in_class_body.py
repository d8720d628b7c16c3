class A:
    return 1
raise RuntimeError('this program should have been rejected before running')
