# arithmetic, precedence, unary operators
x = 1 + 2 * 3 - 4 / 5 // 6 % 7
y = -x ** 2
z = 2 ** -1
w = a ** b ** c
v = ~a & b | c ^ d << 2 >> 1
u = (a + b) * (c - d) @ e
t = not a == b
s = a if b else c if d else e
r = a or b and not c or d
q = a < b <= c > d >= e == f != g
p = a in b, a not in b, a is b, a is not b
o = +a - -b + ~c
n = a @ b @ c
m = x if y else (lambda: z)
l = lambda a, b=2, *c, d, e=5, **f: a + b
k = lambda *, a: a
j = lambda a, /, b: a
i = (yy := 10) + yy
