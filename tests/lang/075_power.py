# The ** operator and pow(): int, negative and fractional exponents, precedence, modular pow
print(2 ** 10, 2 ** 0, 2 ** 1, 0 ** 0, 0 ** 5, (-1) ** 3, (-1) ** 4)
print(2 ** -1, 2 ** -2, 10 ** -3, (-2) ** -1, 4 ** 0.5, 8 ** (1 / 3), 2 ** 0.5)
print(-2 ** 2, (-2) ** 2, 2 ** 3 ** 2, (2 ** 3) ** 2, 2 * 3 ** 2, -3 ** -2)
print(2.0 ** 3, 2 ** 3.0, 1.5 ** 2, 0.0 ** 0, 0.5 ** 10, 1 ** 1e9)
print(pow(2, 10), pow(2, -1), pow(2.5, 2), pow(3, 4, 7), pow(10, 18), pow(-2, 3, 5))
print(pow(5, 0, 1), pow(123456789, 987654321, 1000000007))
print(10 ** 18, 3 ** 39, (-3) ** 39, 7 ** 22)
print([2 ** i for i in range(0, 63, 9)])
print([round(1.1 ** i, 6) for i in range(5)], [i ** 2 for i in range(-3, 4)])
print(float("inf") ** 0, 1.0 ** float("inf"), 2.0 ** -1074, 2.0 ** -1075)
try:
    print(0 ** -1)
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
try:
    print(pow(2, 3, 0))
except ValueError as e:
    print("ValueError:", e)
x = 3
x **= 2
x **= 2
print(x)
print(sum([2 ** -k for k in range(1, 20)]), 1 - 2 ** -19)
