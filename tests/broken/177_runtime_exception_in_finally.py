try:
    x = 1
finally:
    raise RuntimeError('in finally')
