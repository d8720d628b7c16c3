x = [1, 2] * -(2**62)
print(len(x))
raise RuntimeError('end of program')
