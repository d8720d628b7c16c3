# Integer arithmetic: + - * // % ** with every sign combination, divmod, abs, pow, bit ops
pairs = [(7, 2), (-7, 2), (7, -2), (-7, -2), (0, 3), (6, 3), (-6, 3), (1, 7), (-1, 7)]
for a, b in pairs:
    print(a, b, a + b, a - b, a * b, a // b, a % b, divmod(a, b))
print(2 ** 10, 2 ** 0, 0 ** 0, (-2) ** 3, (-2) ** 4, 10 ** 18)
print(abs(-5), abs(5), abs(0))
print(pow(2, 8), pow(3, 4, 5), pow(7, 0, 13), pow(-3, 3, 7))
print(17 & 5, 17 | 5, 17 ^ 5, ~17, ~-1, 1 << 10, 1024 >> 3, -16 >> 2)
print(-(-5), +(-5), - - 5)
print(1 + 2 * 3, (1 + 2) * 3, 2 ** 3 ** 2, -2 ** 2, (-2) ** 2)
print(10 - 3 - 2, 100 // 10 // 3, 2 * 3 % 4)
print(7 // 1, -7 // 1, 0 // -5, 5 % 5, -5 % 5)
print(123456789 * 987654321)
print(9223372036854775807, -9223372036854775807 - 1)
print(1000000 * 1000000)
x = 10
x += 5
x -= 3
x *= 2
x //= 5
x %= 3
x **= 3
print(x)
y = 255
y &= 15
y |= 64
y ^= 1
y <<= 2
y >>= 1
print(y)
print(max(3, -1, 7), min(3, -1, 7))
print(sum([1, 2, 3, 4]), sum([], 10), sum(range(101)))
print(int(True) + int(False), True + True, True * 10)
print(divmod(-17, 5), divmod(17, -5), divmod(0, 1))
print(-17 // 5 * 5 + -17 % 5)
print(5 // 2 == 2, -5 // 2 == -3)
