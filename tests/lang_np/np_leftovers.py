# NumPy 2.4 leftovers: median of empty slices (nan plus RuntimeWarnings), empty diagonals,
# float printing's switch to scientific notation at 10**min(8, finfo.precision) per dtype.
import warnings
import numpy as np


def median_case(label, f):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        try:
            print(label, repr(f()))
        except Exception as e:
            print(label, type(e).__name__, e)
        print("  warnings:", [(x.category.__name__, str(x.message)) for x in w])


median_case("1-d", lambda: np.median(np.array([])))
median_case("axis0 f32", lambda: np.median(np.zeros((0, 3), np.float32), axis=0))
median_case("int", lambda: np.median(np.zeros((0,), np.int32)))
median_case("keepdims", lambda: np.median(np.zeros((2, 0)), axis=1, keepdims=True))
median_case("axis1 empty result", lambda: np.median(np.zeros((0, 3)), axis=1))
median_case("all", lambda: np.median(np.zeros((0, 3))))
median_case("quantile", lambda: np.quantile(np.array([]), 0.5))
median_case("nonempty", lambda: np.median(np.array([3.0, 1.0, 2.0, 10.0])))

print(repr(np.diag(np.zeros((0, 5)))))
print(repr(np.diag(np.zeros((5, 0)))))
print(repr(np.diag(np.zeros((0, 5)), 1)))
print(repr(np.diag(np.zeros((3, 5)), 7)))
print(repr(np.diagonal(np.zeros((2, 0, 4)), axis1=1, axis2=2)))
print(repr(np.trace(np.zeros((0, 5)))))
print(repr(np.diag(np.arange(6).reshape(2, 3), -1)))

for v in [999999.0, 999999.5, 1e6, 9999999.0, 1e7, 99999999.0, 1e8]:
    print(v, np.array([v], np.float32), repr(np.array([v], np.float32)), np.array(v, np.float32),
          np.float32(v), np.array([v]), np.array([v, 1.5], np.float32))
for v in [999.0, 1000.0, 2048.0]:
    print(v, np.array([v], np.float16), np.array(v, np.float16), np.float16(v))
for v in [1e15, 1e16, 1e7, 1e8]:
    print(v, np.array([v]), np.array(v), np.float64(v))
print(np.array([[1e6, 1.0], [2.0, 3.0]], np.float32))
print(np.array([1e6, -1e6, np.nan, np.inf], np.float32))
print(np.array([1e-5, 1.0], np.float32), np.array([0.5, 900000.0], np.float32))
