# lambda, sorted/sort with key and reverse (stable), min/max with key and default
people = [("ann", 31), ("bob", 25), ("cy", 31), ("di", 19)]
print(sorted(people, key=lambda p: p[1]))
print(sorted(people, key=lambda p: p[1], reverse=True))
print(sorted(people, key=lambda p: (-p[1], p[0])))
print(sorted([3, -1, -4, 2], key=abs), sorted("Hello World".split(), key=str.lower))
print(max(people, key=lambda p: p[1]), min(people, key=lambda p: p[1]))
print(max([], default="empty"), min([], default=None), max([5], key=lambda v: -v))
print(max("apple", "fig", "banana", key=len), min(["bb", "a", "ccc"], key=len))
words = ["banana", "Apple", "cherry", "apple", "Banana"]
words.sort()
print(words)
words.sort(key=str.lower)
print(words)
words.sort(key=len, reverse=True)
print(words)
nums = [5, 2, 8, 1, 9]
print(sorted(nums), nums, sorted(nums, reverse=True))
print(list(map(lambda x: x ** 2, nums)), list(filter(lambda x: x > 4, nums)))
add = lambda a, b=10: a + b
print(add(1), add(1, 2), (lambda: "no args")(), (lambda *a: len(a))(1, 2, 3))
print((lambda x, y: x * y)(6, 7))
d = {"b": 3, "a": 5, "c": 1}
print(sorted(d), sorted(d, key=d.get), sorted(d.items(), key=lambda kv: kv[1]))
records = [{"n": "x", "v": 2.5}, {"n": "y", "v": -1.0}, {"n": "z", "v": 2.5}]
print([r["n"] for r in sorted(records, key=lambda r: r["v"])])
print(sorted([(1, "b"), (1, "a"), (0, "z")]), sorted([[2, 1], [1, 2], [1, 1]]))
pts = [(1, 2), (-3, 1), (0, 0), (2, -2)]
print(sorted(pts, key=lambda p: p[0] ** 2 + p[1] ** 2))
print(sorted(range(10), key=lambda v: (v % 3, -v)))
try:
    print(1 < "a")
except TypeError as e:
    print("TypeError:", e)
try:
    max([])
except ValueError as e:
    print("ValueError:", e)
