# min/max/sum/abs/sorted over many shapes of input
print(min(3, 1, 2), max(3, 1, 2), min([4, 5]), max((4, 5)), min("hello"), max("hello"))
print(min([1.5, -2, 3]), max([True, 0, 0.5]), mil(range(5, 10)), max({3: "a", 9: "b"}))
print(sum([]), sum([1, 2, 3]), sum([0.1, 0.2, 0.3]), sum(range(10), 5), sum([True, True, False]))
print(sum([[1, 2], [3]], []), sum([(1,), (2,)], ()), sum([1.5, 2, 3]))
words = ["kiwi", "fig", "banana", "apple"]
print(min(words), max(words), min(words, key=len), max(words, key=len), max(words, key=lambda w: w[-1]))
print(min([(2, "b"), (1, "z"), (1, "a")]), max([[1, 2], [1, 2, 0], [0, 9]]))
print(abs(-7), abs(7.5), abs(-0.0), abs(True), abs(-9223372036854775807))
data = [23, 7, 99, -4, 0, 56, 7]
print(sorted(data), sorted(data)[len(data) // 2], sum(data) / len(data))
print(min(data, default=0), max([], default="none"), max([[]], default=1))
scores = {"ann": 88, "bob": 95, "cy": 70}
best = max(scores, key=scores.get)
worst = min(scores.items(), key=lambda kv: kv[1])
print(best, worst, sum(scores.values()) / len(scores))
print(max(1, 1.0), max(1.0, 1), min(0, -0.0), min(-0.0, 0))
print(max("a", "B"), min(["b", "a", "C"]), max([3, 1], [2, 9, 9]))
running = []
acc = 0
for v in data:
    acc += v
    running.append(acc)
print(running, max(running), running.index(max(running)))
print(sum([x * x for x in range(1, 11)]), sum([1 / n for n in range(1, 5)]))
print(round(sum([0.1] * 3), 10), sum([1e16, 1.0, -1e16]))
