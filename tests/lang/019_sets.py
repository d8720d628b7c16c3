# Sets: small non-negative ints print in CPython's order; strings are sorted before printing
s = {3, 1, 2}
print(s, len(s), 2 in s, 5 in s, 5 not in s)
s.add(0)
s.add(3)
print(s)
s.discard(7)
s.discard(1)
s.remove(2)
print(s)
try:
    s.remove(42)
except KeyError as e:
    print("KeyError:", e)
a = {1, 2, 3, 4}
b = {3, 4, 5, 6}
print(a | b, a & b, a - b, b - a, a ^ b)
print(a.union(b), a.intersection(b), a.difference(b), a.symmetric_difference(b))
print({1, 2} <= a, {1, 2}.issubset(a), a.issuperset({1}), a.isdisjoint({7, 6}), {1} < {1})
print(set(), set([1, 1, 2]), set("aab") == {"a", "b"}, sorted(set("hello")))
c = set(range(5))
c.update([5, 6])
print(c)
c -= {0, 1}
c |= {1}
print(c, sorted(c))
d = {x % 4 for x in range(20)}
print(d)
words = ["b", "a", "c", "a", "b"]
uniq = set(words)
print(sorted(uniq), len(uniq))
e = {5}
print(e.pop(), e, set() == set(), {1, 2} == {2, 1})
f = {1, 2, 3}
g = f.copy()
g.add(4)
print(f, g)
f.clear()
print(f, len(f))
seen = set()
out = []
for v in [3, 1, 3, 2, 1, 5]:
    if v not in seen:
        seen.add(v)
        out.append(v)
print(out, sorted(seen))
print(sorted({(1, 2), (0, 5), (1, 1)}))
print(sum({1, 2, 3}), max({4, 7, 1}), min({4, 7, 1}))
