# Generator expressions as arguments to sum/any/all/min/max/join/sorted/list/dict
nums = [3, -1, 4, -1, 5, -9, 2, 6]
print(sum(x * x for x in nums), sum(x for x in nums if x > 0))
print(any(x > 5 for x in nums), all(x != 0 for x in nums), any(x > 100 for x in nums))
print(min(abs(x) for x in nums), max(x % 4 for x in nums))
print(", ".join(str(x) for x in nums if x % 2 == 0), "".join(c.upper() for c in "abc"))
print(sorted((x for x in nums), reverse=True), list(x + 1 for x in range(3)))
print(dict((k, len(k)) for k in ["a", "bb"]), set(x % 3 for x in range(10)), tuple(i for i in "xy"))
g = (i * 2 for i in range(4))
print(next(g), next(g), list(g), list(g))
words = ["apple", "Bob", "cat"]
print(sum(len(w) for w in words), max((len(w), w) for w in words))
matrix = [[1, 2], [3, 4]]
print(sum(sum(row) for row in matrix), list(v for row in matrix for v in row))
print(sum(1 for _ in range(10)), sum((i for i in range(4)), 10))
total = sum(
    x * y
    for x, y in zip([1, 2, 3], [4, 5, 6])
)
print(total)
