# Floor division and modulo for every sign combination, ints and floats; divmod; math.fmod
import math
for a in [7, -7, 7.5, -7.5, 0, 1]:
    for b in [2, -2, 0.5, -3]:
        print(f"{a!r:>5} {b!r:>4} | {a // b!r:>6} {a % b!r:>6} {divmod(a, b)!r:>14} {math.fmod(a, b)!r:>6}")
print(-1 // 3, -1 % 3, 1 // -3, 1 % -3, -9 // 3, -9 % 3)
print(0.1 // 0.01, 0.1 % 0.01, -0.0 // 1, -0.0 % 1)
print(3 % 1.5, -3 % 1.5, 2.5 % -1, 1e16 % 3)
for n in range(-6, 7, 3):
    print(n, n // 4, n % 4, -n // 4, n // -4, n % -4)
print(all([(a // b) * b + a % b == a for a in range(-20, 21) for b in [-7, -3, -1, 1, 2, 5]]))
