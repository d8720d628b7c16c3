# Operator precedence and associativity across arithmetic, bitwise, comparison and boolean ops
print(2 + 3 * 4, (2 + 3) * 4, 2 * 3 + 4, 10 - 4 - 3, 10 - (4 - 3), 100 / 10 / 5, 2 ** 2 ** 3)
print(-3 ** 2, (-3) ** 2, -3 * -3, 2 * -3, - - 3, +-3, not 1 + 1 == 2)
print(1 + 2 << 1, 1 << 2 + 1, 6 & 3 | 8, 6 | 3 & 8, 6 ^ 3 & 5, ~0 + 1, -~5, ~-5)
print(1 < 2 == 2, (1 < 2) == 2, 1 == 1 in [1], 3 > 2 > 1 == 1)
print(True or False and False, (True or False) and False, not True == False, not (True == False))
print(1 if True else 2 + 10, (1 if False else 2) + 10, [1, 2][0] + 1, "ab"[1] * 3)
print(2 * 3 % 4, 2 * (3 % 4), 7 // 2 * 2, 7 // (2 * 2), -7 // 2, -(7 // 2))
print(5 - 2 ** 2, (5 - 2) ** 2, 2 ** -1 * 4, 3 * 2 ** 2)
x = 5
print(x > 3 and x < 10 or x == 0, x if x < 3 else x * 2 if x < 10 else 0)
print((lambda: 0 if False else "lambda binds loosest")())
f = lambda a: a + 1 if a else -1
print(f(1), f(0))
print(1 + 2 == 3 and 2 * 2 == 4, "a" + "b" in "cab", 2 in [1, 2] == True)
print(not 0 and 1, not (0 and 1), 0 or not 0)
print(8 >> 1 + 1, (8 >> 1) + 1, 1 & 1 == 1, (1 & 1) == 1)
