# numpy module semantics: views share memory, item assignment, in-place ops, scalars, printing
import numpy as np

a = np.arange(12).reshape(3, 4)
print(a)
print(repr(a))
b = a[1:, ::2]
b[0, 0] = -5
print(a)
c = a.T
c[3, 2] = 99
print(a)
r = a.reshape(4, 3)
r[0, 0] = 1000
print(a[0])
a[a > 50] = 0
print(a)
a[:, 0] += 1
print(a)
a[[0, 2], [1, 3]] = [7, 8]
print(a)
x = np.zeros(5)
x[1:4] = 2.5
x *= 2
x[-1] = np.inf
print(x, x.dtype)
y = x[::-1]
print(y, y.flags.writeable if hasattr(y, "flags") else True)
s = a[1, 2]
print(repr(s), type(s).__name__ if False else "", s + 1, repr(s * 2.5))
print(repr(np.sum(a)), repr(np.mean(x[:-1])), repr(a.max(axis=0)))
print(repr(np.float64(1) / 3), repr(np.float32(1) / 3), repr(np.int64(7) // 2))
print(np.array([1.5, np.nan, -np.inf]))
print(np.arange(2000.0).reshape(40, 50))
print(repr(np.linspace(0, 1, 7)))
print(np.array([[1e-5, 1.0], [100.0, 1e5]]))
print(np.array([0.1, 0.25, 1 / 3]))
print(repr(np.array([1, 2, 3], dtype=np.uint8)), repr(np.array([True, False])))
print(repr(np.zeros((2, 0))), repr(np.array([], dtype=np.int32)))
print(repr(np.eye(2, dtype=np.float32)))
np.set_printoptions(precision=3, suppress=True)
print(np.array([1 / 3, 1e-6, 12345.6789]))
np.set_printoptions(precision=8, suppress=False)
z = np.ones((2, 3))
z2 = z
z2 += 1
print(z)
w = np.arange(6.0)
v = w[2:]
v[:] = v * 10
print(w)
print(np.asarray(w) is w, np.array(w) is w)
m = np.arange(9.0).reshape(3, 3)
m[1] = [9, 9, 9]
m[:, -1] = 0
print(m)
print(m.sum(), m.sum(axis=1), m.mean(), m.std(), m.min(), m.argmax())
print(m.tolist(), m.shape, m.size, m.ndim, len(m))
for row in m[:2]:
    print(row, row.sum())
print(np.where(m > 4, m, -1))
print(np.unique(np.array([3, 1, 3, 2, 1])))
print(np.sort(np.array([3.5, -1.0, 2.0])), np.argsort(np.array([3.5, -1.0, 2.0])))
print(np.concatenate([np.arange(3), np.arange(2)]), np.stack([np.arange(2), np.arange(2)]))
print(np.dot(m, np.ones(3)), m @ m)
print(np.linalg.inv(np.array([[2.0, 1.0], [1.0, 3.0]])))
print(np.linalg.det(np.array([[2.0, 1.0], [1.0, 3.0]])))
print(np.linalg.norm(np.array([3.0, 4.0])), np.linalg.solve(np.array([[2.0, 1.0], [1.0, 3.0]]), np.array([1.0, 2.0])))
try:
    np.arange(3) + np.arange(4)
except ValueError as e:
    print("ValueError:", e)
try:
    np.arange(3)[5]
except IndexError as e:
    print("IndexError:", e)
try:
    np.sum(np.ones((2, 3)), axis=2)
except ValueError as e:
    print("ValueError:", e)
try:
    np.arange(6).reshape(4, 2)
except ValueError as e:
    print("ValueError:", e)
try:
    np.ones((2, 3)) @ np.ones((2, 3))
except ValueError as e:
    print("ValueError:", e)
try:
    np.zeros((1 << 20, 1 << 20))
except MemoryError as e:
    print("MemoryError")
