s = 'x' * (2**62)
print(len(s))
