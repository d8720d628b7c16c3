# List, dict and set comprehensions: conditions, nesting, several for clauses
print([x * x for x in range(10)])
print([x for x in range(20) if x % 3 == 0 if x % 2 == 0])
print([(x, y) for x in range(3) for y in range(x)])
print([[i * j for j in range(1, 4)] for i in range(1, 4)])
matrix = [[1, 2, 3], [4, 5, 6]]
print([row[i] for row in matrix for i in range(len(row)) if row[i] % 2])
print([[row[i] for row in matrix] for i in range(3)])
print([v for row in matrix for v in row])
print(["even" if n % 2 == 0 else "odd" for n in range(5)])
print({w: len(w) for w in ["apple", "fig", "kiwi"]})
print({k: v for k, v in zip("abc", [1, 2, 3]) if v != 2})
print({n % 3 for n in range(10)})
print(sorted({c.upper() for c in "hello"}))
words = "The quick brown fox jumps over the lazy dog".split()
print([w.lower() for w in words if len(w) > 3])
print({w[0].lower(): w for w in words})
print([len(w) for w in words], sum([len(w) for w in words]))
x = "outer"
squares = [x for x in range(3)]
print(x, squares)
pairs = [(a, b) for a in range(1, 8) for b in range(a, 8) if a * b == 12]
print(pairs)
pyth = [(a, b, c) for c in range(1, 20) for b in range(1, c) for a in range(1, b)
        if a * a + b * b == c * c]
print(pyth)
flat = [item for sub in [[1, 2], [], [3], [4, 5, 6]] for item in sub]
print(flat)
print([i for i in range(5)][::-1], [c * 2 for c in "abc"])
n = 3
print([[0] * n for _ in range(n)], [[1 if i == j else 0 for j in range(n)] for i in range(n)])
fns = [lambda v, k=k: v + k for k in range(3)]
print([f(10) for f in fns])
nested = {k: {i: i * k for i in range(3)} for k in range(1, 3)}
print(nested)
primes = [p for p in range(2, 50) if all([p % d for d in range(2, p)])]
print(primes)
print([str(i) + s for i in range(2) for s in "ab"])
print(dict([(i, chr(97 + i)) for i in range(4)]))
