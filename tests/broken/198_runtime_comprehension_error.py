print([1 / (i - 3) for i in range(5)])
