# np.frombuffer / np.asarray read through a memoryview (1-D, contiguous)
import numpy as np
import struct
raw = struct.pack("<4d", 1.0, 2.5, -3.0, 4.25)
m = memoryview(raw)
a = np.frombuffer(m, dtype=np.float64)
print(a, a.dtype, a.shape)
print(np.frombuffer(m[8:24], dtype=np.float64))
print(np.frombuffer(m.cast("B"), dtype=np.uint8)[:9])
b = np.asarray(memoryview(struct.pack("<3i", 7, -8, 9)).cast("i"))
print(b, b.dtype, b.shape)
c = np.asarray(memoryview(bytes([1, 2, 3, 250])))
print(c, c.dtype)
d = np.asarray(memoryview(raw).cast("d"))
print(d, d.dtype, d.sum())
e = np.frombuffer(memoryview(bytearray(b"\x01\x00\x02\xff")), dtype=np.uint8)
print(e, e.dtype)
try:
    np.frombuffer(memoryview(b"abcdef")[::2], dtype=np.uint8)
except (BufferError, ValueError) as err:
    print(type(err).__name__)
