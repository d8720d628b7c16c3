# big ints: arithmetic, comparisons, hashing and conversions beyond 64 bits
a = 2 ** 100
print(a, -a, a + 1, a - 1, a * a, a // 3, a % 7, -a // 7, -a % 7)
print(2 ** 63, -2 ** 63, 2 ** 64 - 1, type(2 ** 63), type(-2 ** 63))
x = 9223372036854775807
print(x + 1, x * 2, -x - 2, (x + 1) - 1, type((x + 1) - 1))
print(123456789012345678901234567890, 0xFFFFFFFFFFFFFFFFFFFF, 0b1 << 70)
print(divmod(10 ** 30, 7), divmod(-10 ** 30, 7), divmod(10 ** 30, -7))
print(10 ** 30 / 3, 2 ** 1000 / 2 ** 990, (2 ** 60 + 1) / 3, 1 / 2 ** 80)
print(a << 5, a >> 90, -a >> 200, a & (2 ** 64 + 5), a | 3, a ^ (a - 1), ~a)
print(-(2 ** 70) & 0xFFFF, -(2 ** 70) | 1, (-(2 ** 70)) ^ 12345)
print(a == 2 ** 100, a != a + 1, a > 2 ** 99, a < 1.5e30, a == float(a), a > float("inf"))
print(2 ** 53 + 1 == float(2 ** 53 + 1), 2 ** 53 + 1 > float(2 ** 53), -a < -1e300)
print(hash(2 ** 64), hash(-2 ** 64), hash(2 ** 61 - 1), hash(2 ** 100), hash(-(2 ** 61)))
print(hash(2 ** 70) == hash(float(2 ** 70)), {2 ** 64: "x"}[2 ** 64], 2 ** 64 in {2 ** 64})
print(float(2 ** 100), float(2 ** 53 + 1), float(-(2 ** 64) - 1), int(1e30), int(-2.5e20))
print(float(2 ** 54 + 3), float((2 ** 54 + 2)), float(2 ** 1023 * 2 - 1) if False else 0)
print(pow(2, 200, 10 ** 9 + 7), pow(3, -1, 7), pow(-2 ** 70, 3, 10 ** 20 + 7), pow(5, -2, 2 ** 70 + 3))
print(pow(2, 100, -7), pow(2 ** 100, 2 ** 100, 97))
print(abs(-2 ** 80), +a, -(-2 ** 63), abs(-2 ** 63))
print(sum([2 ** 62, 2 ** 62, 2 ** 62]), sum(range(2 ** 40, 2 ** 40 + 10)) * 2 ** 30)
print(sorted([2 ** 70, -2 ** 70, 5, 2.5e21, -1.0, 2 ** 64]))
print(max(2 ** 80, 3), min(-2 ** 80, 3.0), 2 ** 70 in [1, 2 ** 70])
print((2 ** 100).bit_length(), (-2 ** 100).bit_length(), (2 ** 100 - 1).bit_count(), (-7).bit_count())
print((2 ** 100).as_integer_ratio(), (1.5).as_integer_ratio(), (1e300).as_integer_ratio()[1])
print((2 ** 100).real, (2 ** 100).numerator, (2 ** 100).denominator, (2 ** 100).conjugate())
print(True + 2 ** 70, 2 ** 70 * False, 2 ** 70 * 1.5, 2 ** 70 - 0.5, 1.5 ** 2)
print(2 ** -2, (-2) ** 63, (-2) ** 64, (-1) ** (2 ** 70), 0 ** (2 ** 70), 1 ** (2 ** 70))
print(7 ** 77, 3 ** 200 // 3 ** 198, (10 ** 50) % (10 ** 20 + 3))
print(bool(2 ** 70), not 2 ** 70, 2 ** 70 and 5, int(2 ** 70) is not None)
print(round(2 ** 70, -5), round(12345678901234567890123, -10), round(25, -1), round(35, -1))
print(round(-2 ** 70, -20), round(1e20), round(2.5e25), round(123, -30))
n = 1
for i in range(1, 40):
    n *= i
print(n, n // (2 ** 30), n % 1000000007)
i = 2 ** 64
i += 1
i -= 2 ** 64
print(i, type(i))
try:
    float(2 ** 1024)
except OverflowError as e:
    print("OverflowError:", e)
try:
    2 ** 1100 / 3
except OverflowError as e:
    print("OverflowError:", e)
try:
    2 ** 1100 * 1.0
except OverflowError as e:
    print("OverflowError:", e)
try:
    pow(2, -1, 4)
except ValueError as e:
    print("ValueError:", e)
try:
    (2 ** 70) // 0
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
try:
    (2 ** 70) % 0
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
try:
    (2 ** 70) >> -1
except ValueError as e:
    print("ValueError:", e)
print(1e308 < 2 ** 1100, float("nan") == 2 ** 70, float("nan") < 2 ** 70, 2 ** 70 < float("inf"))
