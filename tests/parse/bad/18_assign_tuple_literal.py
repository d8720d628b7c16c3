a, 1 = x, y
