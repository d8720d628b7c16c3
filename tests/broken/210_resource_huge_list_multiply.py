x = [0] * 10**12
print(len(x))
