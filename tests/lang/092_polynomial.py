# A Polynomial class: construction, evaluation (Horner), +, *, derivative, str formatting
class Poly:
    def __init__(self, coeffs):
        c = list(coeffs)
        while len(c) > 1 and c[-1] == 0:
            c.pop()
        self.c = c
    def __call__(self, x):
        r = 0
        for a in reversed(self.c):
            r = r * x + a
        return r
    def __add__(self, o):
        n = max(len(self.c), len(o.c))
        a = self.c + [0] * (n - len(self.c))
        b = o.c + [0] * (n - len(o.c))
        return Poly([x + y for x, y in zip(a, b)])
    def __mul__(self, o):
        out = [0] * (len(self.c) + len(o.c) - 1)
        for i, a in enumerate(self.c):
            for j, b in enumerate(o.c):
                out[i + j] += a * b
        return Poly(out)
    def deriv(self):
        return Poly([i * a for i, a in enumerate(self.c)][1:] or [0])
    def degree(self):
        return len(self.c) - 1
    def __eq__(self, o):
        return self.c == o.c
    def __repr__(self):
        return f"Poly({self.c})"
    def __str__(self):
        terms = []
        for i in range(len(self.c) - 1, -1, -1):
            a = self.c[i]
            if a == 0 and len(self.c) > 1:
                continue
            sign = "-" if a < 0 else "+"
            mag = abs(a)
            if i == 0:
                body = str(mag)
            else:
                coef = "" if mag == 1 else str(mag)
                body = coef + ("x" if i == 1 else f"x^{i}")
            terms.append((sign, body))
        s = ("-" if terms[0][0] == "-" else "") + terms[0][1]
        for sign, body in terms[1:]:
            s += f" {sign} {body}"
        return s
p = Poly([1, -3, 0, 2])
q = Poly([0, 1])
print(p, "|", q, "|", repr(p), p.degree())
print([p(x) for x in range(-2, 3)], p(0.5))
print(p + q, "|", p * q, "|", p.deriv(), "|", p.deriv().deriv())
print((q * q * q) + Poly([-1]), Poly([0, 0, 0]), Poly([5]).deriv(), Poly([1, 1]) * Poly([1, -1]))
print(Poly([1, 2]) == Poly([1, 2, 0]), Poly([2.5, 0, -1.5])(2))
r = Poly([1])
for k in range(5):
    r = r * Poly([1, 1])
print(r, r.c, r(1))
