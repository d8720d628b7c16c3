# to_bytes / from_bytes, indices and sizes with big ints, math functions over big ints
import math
print((1024).to_bytes(2, "big"), (1024).to_bytes(4, "little"), (-1).to_bytes(2, "big", signed=True))
print((2 ** 64).to_bytes(9, "big"), (2 ** 100 - 1).to_bytes(13, "little"), (5).to_bytes())
print((-2 ** 71).to_bytes(9, "big", signed=True), (2 ** 63).to_bytes(8, "little"))
print(int.from_bytes(b"\x01\x00", "big"), int.from_bytes(b"\x01\x00", "little"), int.from_bytes(b"\xff\xff", "big", signed=True))
print(int.from_bytes(b"\xff" * 16, "big"), int.from_bytes(b"\xff" * 16, "little", signed=True), int.from_bytes([1, 2, 3], "big"))
print(int.from_bytes(b"\x80" + b"\x00" * 15, "big", signed=True), int.from_bytes(b"", "big"), int.from_bytes(b"\x07"))
for v, n, s in [(2 ** 64, 8, False), (-1, 4, False), (128, 1, True), (-129, 1, True), (2 ** 63, 8, True)]:
    try:
        v.to_bytes(n, "big", signed=s)
    except OverflowError as e:
        print("OverflowError:", e)
try:
    (5).to_bytes(2, "middle")
except ValueError as e:
    print("ValueError:", e)
try:
    (5).to_bytes(-1, "big")
except ValueError as e:
    print("ValueError:", e)
print(math.factorial(30), math.factorial(50) // math.factorial(48), len(str(math.factorial(1000))))
print(math.comb(100, 50), math.comb(60, 3), math.perm(30, 20), math.perm(5), math.comb(5, 7))
print(math.gcd(2 ** 100, 6 ** 50), math.gcd(-(2 ** 70), 3 ** 40 * 2 ** 3), math.lcm(2 ** 64, 3 ** 41))
print(math.gcd(2 ** 80, 2 ** 70, 2 ** 90), math.lcm(4, 6, 2 ** 65), math.gcd(), math.gcd(2 ** 80))
print(math.isqrt(10 ** 40), math.isqrt(2 ** 127), math.isqrt(10 ** 41 - 1))
print(math.log(2 ** 1000), math.log2(2 ** 2000), math.log10(10 ** 400), math.log(10 ** 500, 10))
print(math.prod(range(1, 30)), math.prod([2 ** 40, 2 ** 40, 3]), math.floor(2 ** 70), math.ceil(-2 ** 70))
print(math.sqrt(2 ** 100), math.trunc(2 ** 90), math.fabs(-2 ** 80), math.isfinite(2 ** 100))
try:
    math.sqrt(2 ** 1100)
except OverflowError as e:
    print("OverflowError:", e)
try:
    math.isqrt(-2 ** 70)
except ValueError as e:
    print("ValueError:", e)
lst = [1, 2, 3]
try:
    lst[2 ** 70]
except IndexError as e:
    print("IndexError:", e)
try:
    "ab" * 2 ** 70
except OverflowError as e:
    print("OverflowError:", e)
print("ab" * -2 ** 20, [1] * -(2 ** 62))
try:
    chr(2 ** 70)
except OverflowError as e:
    print("OverflowError:", e)
print(range(10)[2 ** 0], [1, 2][-1])
