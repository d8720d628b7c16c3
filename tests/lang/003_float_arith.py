# Float arithmetic: true division, mixed int/float, float floor division and modulo
print(1 / 2, 3 / 3, -7 / 2, 7 / -2, 1 / 3, 2 / 3, 10 / 4)
print(0.1 + 0.2, 0.1 + 0.2 == 0.3, 0.5 + 0.25)
print(1.5 * 2, 2 * 1.5, 3 - 0.5, 1e3 + 1)
print(7.5 // 2, -7.5 // 2, 7.5 % 2, -7.5 % 2, 7.5 % -2)
print(divmod(7.5, 2), divmod(-7.5, 2))
print(5.0 // 0.3, 5.0 % 0.3)
print(2.0 ** 10, 2 ** -1, 2.0 ** -2, 4 ** 0.5, 10 ** -3)
print(1e308 * 10, -1e308 * 10, 1e-320 / 1e10)
inf = float("inf")
nan = float("nan")
print(inf, -inf, nan, inf + 1, inf - inf, inf * 0, -inf < 0 < inf)
print(nan == nan, nan != nan, nan < 1, nan > 1)
print(abs(-2.5), abs(-0.0), -0.0, 0.0 == -0.0)
print(float(3), float(-0), int(3.99), int(-3.99), int(0.5))
print(3 * 1.1, 1.1 * 1.1, 100 * 1.1)
print(0.1 * 3, 1 - 0.9, 1.0 - 1e-17)
print(1e16 + 1, 2 ** 53 + 1.0, float(2 ** 53))
print(round(3.14159, 2), round(2.5), round(-2.5), round(0.5))
print(max(1, 2.5), min(1, 0.5), max(2, 2.0), min(2.0, 2))
print(sum([0.1] * 10), sum([0.5, 0.25, 0.125]))
print(7 / 7, 0 / 5, -0 / 5, 0.0 / -5)
print(1.0.is_integer(), 1.5.is_integer())
print(1.5 == 3 / 2, 1 == 1.0, 2 < 2.5 <= 3.0)
x = 1.0
for i in range(5):
    x = x / 3 + 1
print(x)
total = 0.0
for i in range(1, 11):
    total += 1 / i
print(total)
print(3.0 * 0.1, 0.3 / 0.1, 0.7 + 0.1)
print(float("1e-5"), float("  2.5  "), float("-0"), float("+1.5e3"))
