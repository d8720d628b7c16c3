# np.block, np.broadcast (shape/nd/size/iteration/reset), np.format_float_positional and
# np.format_float_scientific in their modes (.out from NumPy 2)
import numpy as np
A = np.eye(2) * 2
B = np.eye(3) * 3
print(np.block([[A, np.zeros((2, 3))], [np.ones((3, 2)), B]]))
print(np.block([1, 2, 3]), np.block([[1, 2], [3, 4]]), np.block([np.arange(2), 5, np.array([6, 7])]))
print(np.block(np.arange(3)), np.block(4.5), np.block([[np.arange(3)]]).shape)
print(np.block([[[1], [2]], [[3], [4]]]).shape, np.block([np.zeros((2, 2)), np.ones((2, 1))]).shape)
print(np.block([np.arange(2, dtype=np.int32), np.arange(2.0)]).dtype)
for bad in [lambda: np.block([[1, 2], 3]), lambda: np.block([]), lambda: np.block([[1], []]), lambda: np.block((1, 2)),
            lambda: np.block([[1, 2], [(3, 4)]])]:
    try:
        print(bad())
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
b = np.broadcast(np.arange(3)[:, None], np.arange(4))
print(b.shape, b.nd, b.ndim, b.size, b.numiter, b.index)
print(next(b), next(b), b.index)
b.reset()
print(b.index, len(list(b)), b.index)
c = np.broadcast([1, 2], [[3], [4]], 5)
print(list(c))
try:
    np.broadcast(np.zeros(2), np.zeros(3))
except ValueError as e:
    print('ValueError', e)
out = np.empty(np.broadcast([1, 2, 3], [[1], [2]]).shape)
print(out.shape)
x = np.array([1, 2, 3]); y = np.array([[4], [5]])
bb = np.broadcast(x, y)
print(np.array([u + v for (u, v) in bb]))
vals = [0.1, 1.0, 1234.5678, 1e20, 1e-7, 0.0, -0.0, -2.5, 123456789.123, 5e-324, 0.125, 2.675, np.nan, np.inf, -np.inf, 1/3]
for v in vals:
    print(np.format_float_positional(v), np.format_float_scientific(v), np.format_float_positional(v, trim='-'),
          np.format_float_scientific(v, trim='-'), np.format_float_positional(v, precision=3),
          np.format_float_scientific(v, precision=3), np.format_float_positional(v, sign=True, trim='0'))
for v in [0.1, 2.5, 1234.5678, 0.0, 1/3]:
    print(np.format_float_positional(v, precision=5, unique=False), np.format_float_scientific(v, precision=5, unique=False),
          np.format_float_positional(v, precision=20, unique=False), np.format_float_positional(v, trim='.'),
          repr(np.format_float_positional(v, pad_left=6, pad_right=8)), np.format_float_scientific(v, exp_digits=4, pad_left=3),
          np.format_float_positional(v, fractional=False, precision=3), np.format_float_positional(v, min_digits=6),
          np.format_float_scientific(v, min_digits=4))
for v in [np.float32(0.1), np.float32(1/3), np.float16(0.1), np.float32(1e20), np.float32(3.4e38), np.float16(65504)]:
    print(np.format_float_positional(v), np.format_float_scientific(v), np.format_float_positional(v, precision=4))
print(np.format_float_positional(np.float64(0.3)), np.format_float_scientific(np.float64(12345.0), precision=2, trim='0'))
for t in ['k', '.', '0', '-']:
    print(t, np.format_float_positional(3.0, trim=t), np.format_float_scientific(3.0, trim=t), np.format_float_positional(3.25, precision=4, unique=False, trim=t))
for v in [1.10000001, 1e-7, 0.0001, 0.0004, 0.0006, 0.9999, 0.99999, 9.9996, 0.00049, 123.0004, 99.96, 0.05, 2.5e-5]:
    print(v, np.format_float_positional(v, precision=3), np.format_float_scientific(v, precision=2), np.format_float_positional(v, precision=3, fractional=False))
print(np.format_float_positional(np.inf, sign=True), np.format_float_scientific(np.nan, sign=True), np.format_float_positional(-np.nan, sign=True))
print(np.format_float_positional(0.0, min_digits=3, precision=5), np.format_float_positional(0.5, min_digits=3))
