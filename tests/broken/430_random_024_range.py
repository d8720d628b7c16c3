# range(): all argument forms, negative steps, len, membership, indexing, reversed
print(list(range(5)), list(range(2, 6)), list(range(0, 10, 3)), list(range(10, 0, -3)))
print(list(range(0)), list(range(5, 5)), list(range(5, 0)), list(range(-3, 3)))
r = range(1, 20, 4)
print(r, len(r), r[0], r[-1], r[1:3], 9 in r, 10 in r, list(reversed(r)))
print(range(10), range(1, 5), range(0, 10, 2), range(5, 0, -1))
print(len(range(0, 100, 7)), len(range(10, 0, -2)), len(range(-5)))
print(sum(range(1, 101)), max(range(