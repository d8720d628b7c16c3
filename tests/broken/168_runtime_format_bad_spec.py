print(format(3.5, 'd'))
