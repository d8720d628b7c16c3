f = lambda x: x / 0
print(list(map(f, [1, 2])))
