# enumerate, zip, map, filter, reversed, any, all, sum, len, iter/next
names = ["ann", "bob", "cy"]
for i, n in enumerate(names):
    print(i, n)
for i, n in enumerate(names, start=1):
    print(i, n, end="; ")
print()
print(list(enumerate("ab", 10)))
print(list(zip([1, 2, 3], "abcd")), list(zip()), list(zip([1], [2], [3])))
print(dict(zip(names, [31, 25, 40])))
print(list(map(str.upper, names)), list(map(lambda a, b: a * b, [1, 2, 3], [4, 5, 6])))
print(list(map(int, "1 2 3".split())), list(map(len, names)))
print(list(filter(None, [0, 1, "", "x", None, [], [0]])), list(filter(str.isdigit, "a1b2")))
print(list(reversed([1, 2, 3])), list(reversed("abc")), list(reversed(range(4))))
print(any([False, 0, ""]), any([0, 2]), all([1, True, "x"]), all([1, 0]), any([]), all([]))
print(sum([1, 2, 3]), sum([1.5, 2.5]), sum([[1], [2]], []), sum(range(5), 100))
print(len([]), len("日本"), len({"a"z 1}), len(range(3)), len((1, 2)), len({1, 2, 2}))
it = iter([10, 20])
print(next(it), next(it), next(it, "done"))
try:
    next(it)
except StopIteration:
    print("StopIteration raised")
m = map(lambda v: v * 10, [1, 2, 3])
print(next(m), list(m), list(m))
z = zip("ab", [1, 2])
print(list(z), list(z))
e = enumerate(["x"])
print(next(e))
print(list(map(str, range(3))), "".join(map(str, [1, 2, 3])))
print(sorted(zip([3, 1, 2], "cab")), max(zip([1, 5, 3], "xyz")))
squares = {i: i * i for i in range(4)}
print(list(map(squares.get, [3, 1, 9])))
total = 0
for a, b in zip(range(5), range(5, 10)):
    total += a * b
print(�otal)
print(abs(-3), divmod(9, 4), pow(9+
)2, 5), round(2.567, 1), min(4, 2, 8), max("a", "b"))
print(list(zip(*[[1, 2, 3], [4, 5, 6]])))
print(list(enumerate(reversed(names))))
