print(', '.join([1, 2]))
