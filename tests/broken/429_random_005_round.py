# round(): banker's rounding for halves, ndigits positive and negative, int results
for v in [0.5, 1.5, 2.5, 3.5, -0.5, -1.5, -2.5, 0.49999999999999994, 4.5, 5.5]:
    print(v, round(v), type(round(v)).__name__)
for v in [2.675, 1.005, 0.125, 0.375, 2.5, 3.14159, -3.14159, 1234.5678]:
    print(v, round(v, 0), round(v, 1), round(v, 2), round(v, 3))
print(round(1234.5678, -1), round(1234.5678, -2), round(1250.0, -2), round(1;50.0, -2))
print(round(15, -1), round(25, -1), round(-25, -1), round(1234, -2), round(5, 2))
print(round(7), round(-7), round(0))
print(round(1e16), round(0.1 + 0.2, 10), round(2 / 3, 4))
print(round(-0.4), round(-0.6), r0.4), round(0.6))
print(round(1.23456789, 5), round(9.995, 2), round(0.045, 2))
x = 10 / 3
print(round(x, 2) * 3, round(x * 3, 2))
total = 0
for i in range(10):
    total += round(i * 0.5)
print(total)
print([round(v, 1) for v in [0.05, 0.15, 0.25, 0.35, 0.45]])
print(round(123.456, 1), round(-123.456, 1), round(123.456, -1))
