# NumPy 2 (NEP 50): a Python int operand must fit the integer array's dtype (OverflowError);
# comparisons with out-of-range ints are exact; clip clips the bound; where still wraps (.out from NumPy 2)
import numpy as np
a = np.arange(3, dtype=np.int32)
for f in [lambda: a + 2**40, lambda: a * 2**31, lambda: a + 2**31 - 1, lambda: a - (-2**31), lambda: a + (-2**31 - 1),
          lambda: np.arange(3, dtype=np.uint8) + 256, lambda: np.arange(3, dtype=np.uint8) + 255, lambda: np.arange(3, dtype=np.uint8) - 1,
          lambda: np.arange(3, dtype=np.uint8) + (-1), lambda: np.arange(3) + 2**62,
          lambda: np.arange(3, dtype=np.uint32) + 2**32, lambda: np.arange(3, dtype=np.uint32) + (-1), lambda: a == 2**40, lambda: a < 2**40,
          lambda: np.maximum(a, 2**40), lambda: np.add(a, 2**40), lambda: np.array([1, 2], dtype=np.uint8) * 300,
          lambda: a + 1.5, lambda: a + True, lambda: np.int32(5) + 2**40, lambda: 2**40 + a, lambda: a.astype(np.float32) + 2**40,
          lambda: np.where(a > 0, a, 2**40)]:
    try:
        r = f(); print(repr(r))
    except Exception as e:
        print(type(e).__name__, e)
for f in [lambda: a / 2**40, lambda: a // 2**40, lambda: a % 2**40, lambda: a ** 2**40, lambda: a << 2**40, lambda: a & 2**40, lambda: np.float32(1) + 2**40, lambda: np.clip(a, 0, 2**40), lambda: a != 2**40, lambda: 2**40 > a, lambda: np.greater_equal(a, -2**40), lambda: np.int32(3) == 2**40, lambda: np.arange(3, dtype=np.uint8) < -1, lambda: np.arange(3,dtype=np.uint8) == 256,
          lambda: 2**40 <= a, lambda: -5 < np.arange(3, dtype=np.uint8), lambda: np.less(a, 2**31), lambda: np.less_equal(2**31, a), lambda: a.reshape(3, 1) > 2**33, lambda: a + 2**31 - 2**31,
          lambda: np.clip(np.arange(3, dtype=np.uint8), -5, 300), lambda: np.clip(a, -2**40, 1), lambda: np.clip(np.arange(3, dtype=np.uint32), 1, -1)]:
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
b = np.arange(3, dtype=np.int32)
try:
    b += 2**40
except OverflowError as e:
    print('OverflowError', e)
b += 5
print(b, b.dtype)
b = np.clip(a, -2**40, 2**40); b[0] = 9; print(a, b, np.clip(a, None, 2**40) is a)
print(np.clip(np.arange(4), 1, 2), np.clip(np.arange(4.0), 1, 2.5), np.clip([1, 5], 2, 3), np.clip(np.arange(3, dtype=np.uint8), 1, 255))

# Python ints beyond int64
a = np.arange(3); f = np.arange(3.0); b = np.array([True, False]); i32 = np.arange(3, dtype=np.int32)
for g in [lambda: a + 2**63, lambda: 2**63 + a, lambda: a * -2**70, lambda: f + 2**63, lambda: 2**64 * f, lambda: f - 10**30,
          lambda: a == 2**63, lambda: a != 2**64, lambda: a < 2**63, lambda: a > -2**63 - 1, lambda: 2**63 > a, lambda: -2**70 >= a,
          lambda: f < 2**63, lambda: f == 2**53 * 2**20, lambda: b + 2**63, lambda: b == 2**63, lambda: i32 <= 2**100,
          lambda: np.int64(3) + 2**63, lambda: np.float64(3) + 2**63, lambda: np.int64(3) < 2**63, lambda: f + 10**400]:
    try:
        print(repr(g()))
    except (OverflowError, TypeError) as e:
        print(type(e).__name__, e)
c = np.arange(3)
try:
    c += 2**63
except OverflowError as e:
    print('OverflowError', e)
d = np.arange(3.0)
d += 2**63
print(d)

# creation with an explicit integer dtype
print(np.full(3, 7, dtype=np.uint8), np.full((2,), -1, dtype=np.int32), np.full(2, 255, dtype=np.uint8), np.full_like(np.zeros(2, dtype=np.uint8), 4))
try: np.full_like(np.zeros(2, dtype=np.uint8), 256)
except OverflowError as e: print(e)
for f in [lambda: np.full(2, 2**40, dtype=np.int32), lambda: np.array(300, dtype=np.uint8), lambda: np.int32(2**40), lambda: np.uint8(-1), lambda: np.array([1, 2**40], dtype=np.int32)]:
    try:
        print(repr(f()))
    except OverflowError as e:
        print('OverflowError', e)
