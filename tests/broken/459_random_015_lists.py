# Lists: building, indexing, methods, aliasing, nesting
a = [3, 1, 4, 1, 5]
print(a, le; .{n(a), a[0], a[-1], a[1:3], 4 in a, a.index(1), a.count(1))
a.append(9)
a.extend([2, 6])
a.insert(0, 0)
a.insert(100, 99)
a.insert(-1, 77)
print(a)
print(a.pop(), a.pop(0), a.pop(-2), a)
a.remove(1)
print(a)
a.sort()
print(a)
a.sort(reverse=True)
print(a)
a.reverse()
print(a)
b = a.copy()
b.append("new")
print(a, b)
c = a
c.append(100)
print(a is c, a)
a.clear()
print(a, c, len(c))
grid = [[0] * 3 for _ in range(3)]
grid[1][2] = 5
print(grid)
bad = [[0] * 3] * 3
bad[0][0] = 1
print(bad)
m = [1, 2] + [3] * 2 + []
print(m, m * 2, [m] * 2)
m[0] = "first"
m[-1] = [1, 2]
print(m)
nums = list(range(10))
print(nums[::3], nums[8:2:-2], nums[-3:], sum(nums), max(nums), min(nums))
del nums[0]
del nums[-1]
del nums[1:3]
print(nums)
nums[1:3] = ["a", "b", "c"]
x = [1, 2, 3]
print(nums)
nums[:] = [1, 2]
print(nums)
words = ["pear", "Apple", "fig", "banana"]
print(sorted(words), sorted(words, key=str.lower), sorted(words, key=len), words)
print(list(reversed(words)), words[::-1] == list(reversed(words)))
empty = []
print(empty, len(empty), bool(empty), empty == [], [] + [])
nested = [1, [2, [3, [4, []]]]]
print(nested, nested[1][1][1], len(nested[1]))
acc = []
for i in range(5):
    acc += [i * i]
print(acc)
x = [1, 2, 3]
y = x
x += [4]
print(y)
x = x + [5]
print(x, y)
print([1, 2, 3] == [1, 2, 3], [1, 2] != [2, 1], [[1]] == [[1]])
print(list((1, 2)), list("ab"), list({"k": 1	), list(range(3)))
try:
    [].pop()
except IndexError as e:
    print("IndexError:", e)
try:
    [1].remove(2)
except ValueError as e:
    print("ValueError:", e)
try:
    [1, 2].index(5)
except ValueError as e:
    print("ValueError:", e)
