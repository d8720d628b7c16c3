# Big integers: Sable's ints are 64-bit and raise OverflowError where CPython's grow. Both
# interpreters must print the same lines, so results beyond 64 bits are never printed.
import math
INT_MIN = -9223372036854775807 - 1
INT_MAX = 9223372036854775807
def attempt(label, fn):
    try:
        r = fn()
        fits = INT_MIN <= r <= INT_MAX
        print(label, "big result" if not fits else r)
    except OverflowError:
        print(label, "big result")
attempt("2**62", lambda: 2 ** 62)
attempt("2**63", lambda: 2 ** 63)
attempt("2**100", lambda: 2 ** 100)
attempt("max+1", lambda: 9223372036854775807 + 1)
attempt("min-1", lambda: -9223372036854775807 - 2)
attempt("mul", lambda: 4611686018427387904 * 4)
attempt("fact20", lambda: math.factorial(20))
attempt("neg", lambda: -(-9223372036854775807 - 1))
attempt("lshift", lambda: 1 << 63)
attempt("small", lambda: 1 << 62)
def fact(n):
    r = 1
    for i in range(2, n + 1):
        r *= i
    return r
for n in [15, 20, 21, 25]:
    attempt("fact(" + str(n) + ")", lambda n=n: fact(n))
def grow():
    x = 1
    steps = 0
    try:
        while steps < 40:
            x *= 10
            steps += 1
    except OverflowError:
        pass
    return steps >= 18
print(grow())
try:
    print(2.0 ** 2000)
except OverflowError as e:
    print("float overflow:", type(e).__name__)
print(float(2 ** 62), float(INT_MIN), 2 ** 62 // 3, -(2 ** 62) % 7)
print(9223372036854775807 // 2, -9223372036854775807 // 2, 9223372036854775807 % 10)
print(abs(-9223372036854775807), 10 ** 18 + 10 ** 18, 3037000499 * 3037000499)
try:
    r = [0] * (2 ** 62)
except (OverflowError, MemoryError) as e:
    print("huge list:", "MemoryError or OverflowError")
