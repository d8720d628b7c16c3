print(sorted([1, 2], key=5))
