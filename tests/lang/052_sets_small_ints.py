# Set printing for small non-negative ints (CPython's order there is the sorted order)
print({5, 3, 1, 4, 2, 0}, {7, 6}, {2, 2, 2}, set([3, 0, 3]))
evens = {x for x in range(8) if x % 2 == 0}
odds = {x for x in range(8) if x % 2}
print(evens, odds, evens | odds, evens & {0, 2, 7}, evens - {0}, evens ^ {0, 1})
s = set()
for v in [4, 1, 4, 0, 6]:
    s.add(v)
print(s, len(s))
s.discard(4)
s.remove(0)
print(s)
print(sorted({-1, -5, 3}), sorted({"pear", "apple", "fig"}), sorted({2.5, 0.5}))
a = set(range(6))
b = set(range(3, 9))
print(a.intersection(b), sorted(a.union(b)), a.difference(b), b.difference(a))
print({1, 2} | {3}, {1, 2} & {2, 3}, {1, 2, 3} - {2}, {1, 2} ^ {2, 3})
print(len({0, 1, 2, 3, 4, 5, 6, 7}), 3 in evens, 3 in odds)
dupes = [1, 1, 2, 3, 3, 3, 4]
print(set(dupes), len(set(dupes)) != len(dupes))
print(set(range(5)) == {0, 1, 2, 3, 4}, {1, 2} < {1, 2, 3}, {1, 2, 3} > {1})
