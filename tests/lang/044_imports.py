# import math/time/sys/functools, aliases, from-imports
import math
import time
import sys
import functools
import math as m
from math import sqrt as s, pi, floor, ceil
from functools import reduce
print(math.sqrt(16), s(2), m.pi, pi, math.e, math.tau)
print(floor(2.7), ceil(2.1), floor(-2.5), ceil(-2.5), math.trunc(-2.7), type(floor(1.5)).__name__)
print(math.fabs(-3), math.pow(2, 10), math.exp(1), math.log(math.e), math.log(100, 10), math.log10(1000))
print(math.log2(8), math.sin(0), math.cos(0), math.tan(0), math.atan2(1, 1), math.hypot(3, 4))
print(math.isclose(0.1 + 0.2, 0.3), math.isnan(float("nan")), math.isinf(math.inf), math.inf, -math.inf)
print(math.gcd(12, 18), math.factorial(10), math.comb(5, 2), math.perm(5, 2), math.isqrt(17))
print(math.degrees(math.pi), math.radians(180), math.copysign(1, -0.0), math.fmod(-7, 3))
print(math.tanh(0.5), math.asin(1), math.acos(1), math.atan(1), math.sinh(1), math.cosh(1))
print(math.exp(-1), math.log1p(0), math.expm1(0), math.nan != math.nan, math.sqrt(2) ** 2)
print(math.prod([1, 2, 3, 4]), math.fsum([0.1] * 10), sum([0.1] * 10), math.ceil(5), math.floor(5.0))
t0 = time.time()
p0 = time.perf_counter()
x = sum(range(10000))
t1 = time.time()
p1 = time.perf_counter()
print(t1 >= t0, p1 >= p0, t0 > 1.6e9, type(t0).__name__)
time.sleep(0.01)
print(time.perf_counter() - p0 >= 0.01)
print(sys.argv[0].endswith("044_imports.py"), type(sys.argv).__name__, sys.maxsize == 9223372036854775807)
print(reduce(lambda a, b: a + b, range(5)), functools.reduce(lambda a, b: a * b, [2, 3], 1))
def local_import():
    import math as mm
    from math import cos
    return mm.floor(3.9) + cos(0)
print(local_import())
try:
    import no_such_module_sable
except ImportError as e:
    print(type(e).__name__, e)
try:
    from math import no_such_name
except ImportError as e:
    print(type(e).__name__)
try:
    math.sqrt(-1)
except ValueError as e:
    print("ValueError:", e)
try:
    math.log(0)
except ValueError as e:
    print("ValueError:", e)
try:
    math.exp(1000)
except OverflowError as e:
    print("OverflowError:", e)
