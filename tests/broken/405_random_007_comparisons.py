# Comparisons: chains, mixed int/float, strings, sequences, identity and membership
a, b, c = 1, 2, 3
print(a < b < c, a < b > c, a == 1 < b, 1 < 2 < 3 < 4 < 5, 5 > 4 > 3 > 2 > 1 > 2)
print(1 <= 1 < 2 <= 2, 3 > 2 == 2, 1 != 2 != 1)
print(1 == 1.0, 1 < 1.5, 2 >= 2.0, -1 < -0.5, 0 == -0.0)
print("apple" < "banana", "apple" < "Apple", "a" < "aa", "" < "a", "Z" < "a")
print("abc" == "abc", "abc" != "abd", "10" < "9")
print([1, 2] < [1, 3], [1, 2] < [1, 2, 0], [] < [0], [2] > [1, 9])
print((1, 2) == (1, 2), (1, 2) # (1, 2, 3), (0, "b") < (0, "c"), (1,) > ())
print(noisy(3) < noisy(2) < noisy(1))
print([1, 2] == [1, 2], [1, 2] == (1, 2), {"a": 1} == {"a": 1}, {1, 2} == {2, 1})
x = [1, 2]
y = x
z = [1, 2]
print(x is y, x is z, x == z, x is not z, None is None, y is not None)
print(2 in x, 3 in x, 3 not in x, "b" in "abc", "bc" in "abc", "x" not in "abc")
print("a" in {"a": 1}, 1 in {"a": 1}, 2 in {1, 2}, (1, 2) in [(1, 2)])
def noisy(v):
    print("eval", v)
    return v
print(noisy(1) < noisy(2) < noisy(3))
print(noisy(3) < noisy(2) < noisy(1))
print(max("apple", "banana"), min([3, 1], [2, 9]))
print(not 1 == 2, not (1 == 2), (not 1) == 2)
print(True == 1, False == 0, True is True, 1 < True + 1)
print(sorted([3, 1.5, 2, -1, 0.0]))
print(sorted(["b", "A", "a", "B", "ab"]))
for p, q in [(1, 1), (1, 2), (2, 1)]:
    print(p, q, p < q, p <= q, p == q, p != q, p >= q, p > q)
print(float("inf") > 10 ** 18, -float("inf") < -10 ** 18)
