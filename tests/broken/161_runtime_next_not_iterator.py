it = [1, 2]
next(it)
