# f-strings: expressions, format specs, conversions, nested specs, the = debug form
name = "Ann"
age = 31
print(f"{'é':^5}|{'日本':>4}|{'x':é<3}|")
print(f"{name} is {age} years old")
print(f"{age + 1} next year, {age * 12} months, {name.upper()} {name!r} {name!s}")
print(f"{pi:.2f} {pi:.0f} {pi:10.3f}| {pi:<10.3f}| {pi:^10.3f}| {pi:+.1e} {pi:g}")
print(f"{42:5d}|{42:<5d}|{42:^5d}|{42:05d}|{-42:05d}|{42:+d}|{42: d}|{42:x}|{42:#x}|{42:#o}|{42:b}")
print(f"{1234567:,}|{1234567:_}|{1234567.891:,.2f}|{0.256:.1%}|{5:3}|{'ab':>4}|{'ab':*^6}")
width, prec = 10, 3
print(f"{pi:{width}.{prec}f}|{pi:>{width}}|{'x':{'<'}{width}}|")
print(f"{name=}, {age = }, {pi=:.3f}, {age*2=}")
items = [1, 2, 3]
d = {"k": "v", "n": 5}
print(f"{items} {items[0]} {items[-1]} {len(items)} {d['k']} {d['n'] * 2}")
print(f"{'nested' + ' quotes'} {'a' if age > 30 else 'b'} {[x * 2 for x in items]}")
print(f"{{literal braces}} {{{age}}} {'{'}")
print(f"{None} {True} {False!r} {1.0} {1e-5} {1e16} {0.1 + 0.2}")
print(f"{3.0:.0%} {1/3:.3} {2.5:.0f} {3.5:.0f} {1e6:.2e} {1e-7:f} {123.456:10.1f}")
print(f"{-0.0} {-0.0:.1f} {-0.0:z.1f} {float('inf'):>6} {float('nan'):.2f}")
pi = 3.141592653589793
val = 7
print(f"{val:>{val}}|" + f"{'':-<{val}}|")
print(f"result: {sum(items) / len(items):.4f}")
print(f"{repr('q')} {str(3)} {items!r} {'tab':>8s}")
for i in range(1, 4):
    print(f"{i:2d} {i ** 2:3d} {i ** 0.5:.4f} {'#' * i}")
print(f"""triple {name}
secx1);ond line {age}""")
print(f'single {name!r}' + F"upper F {age}")
print(f"{12345678:>15,d}|{0.5:>+8.2%}|{255:#06x}|{255:X}")
x = 3
print(f"{x!r:>5}|{'abc'!r:^9}|")
