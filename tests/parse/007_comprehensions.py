a = [x for x in y]
b = [x * 2 for x in range(10) if x % 2 == 0]
c = {k: v for k, v in d.items()}
d = {x for x in s if x}
e = (x for x in y)
f = [x + y for x in a for y in b if x if y]
g = [(i, j) for i in range(3) for j in range(i)]
h = sum(x * x for x in range(10))
i = [[row[i] for row in m] for i in range(4)]
j = {k: [v for v in vs if v > 0] for k, vs in data.items() if k}
k = [y for x in z if (y := f(x)) is not None]
l = list(x for x in y)
m = [a for a, *b in c]
n = any(p(x) for x in xs)
o = max((len(w), w) for w in words)
p = [x for x in (1, 2, 3)]
q = [lambda: x for x in y]
r = [x if x > 0 else -x for x in nums]
