print(0 ** -1)
