r = range(1, 10, 0)
