# range(): all argument forms, negative steps, len, membership, indexing, reversed
print(list(range(5)), list(range(2, 6)), list(range(0, 10, 3)), list(range(10, 0, -3)))
print(list(range(0)), list(range(5, 5)), list(range(5, 0)), list(range(-3, 3)))
r = range(1, 20, 4)
print(r, len(r), r[0], r[-1], r[1:3], 9 in r, 10 in r, list(reversed(r)))
print(range(10), range(1, 5), range(0, 10, 2), range(5, 0, -1))
print(len(range(0, 100, 7)), len(range(10, 0, -2)), len(range(-5)))
print(sum(range(1, 101)), max(range(7)), min(range(3, 9)))
for i in range(3, 0, -1):
    print(i, end=" ")
print("liftoff")
try:
    range(0, 10, 0)
except ValueError as e:
    print("ValueError:", e)
print(list(range(-10, -1, 2)), list(range(1, -10, -4)))
print(range(3) == range(3), list(range(2)) == [0, 1])
big = range(0, 10 ** 12, 10 ** 6)
print(len(big), big[-1], 10 ** 11 in big)
print([i * i for i in range(1, 6)], tuple(range(3)))
acc = 0
for i in range(1000):
    acc += i % 7
print(acc)
