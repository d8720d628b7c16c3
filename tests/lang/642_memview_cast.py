# memoryview.cast to every native format, with shape=, and tolist of the results
import struct
data = struct.pack("<8d", 1.5, -2.25, 3.0, 0.0, 1e300, -0.0, 7.0, 8.5)
m = memoryview(data)
for f in "B b c h H i I l L q Q f d".split():
    c = m.cast(f)
    print(f, c.format, c.itemsize, len(c), c.nbytes, c.shape, c.strides, c.tolist()[:4])
raw = bytes(range(256)) * 2
mr = memoryview(raw)
for f in "bhHiIlLqQ":
    print(f, mr.cast(f).tolist()[-3:], mr.cast(f)[5])
print(mr.cast("@B")[255], mr.cast("c")[65])
x = memoryview(bytearray(24)).cast("B", shape=[2, 3, 4])
print(x.ndim, x.shape, x.strides, x.nbytes, len(x), x.tolist())
y = memoryview(struct.pack("6i", 1, 2, 3, 4, 5, 6)).cast("B").cast("i", shape=(2, 3))
print(y.shape, y.strides, y.format, y.tolist(), y[1, 2], y[0, -1], y[-2, 0])
z = y.cast("B")
print(z.shape, len(z), z.format)
w = y.cast("B").cast("i", shape=[3, 2])
print(w.tolist(), w.tobytes() == struct.pack("6i", 1, 2, 3, 4, 5, 6))
fb = bytearray(16)
fv = memoryview(fb).cast("d")
fv[0] = 2.5
fv[1] = 3
print(fv.tolist(), struct.unpack("2d", fb))
iv = memoryview(bytearray(8)).cast("q")
iv[0] = -5
print(iv.tolist(), iv.cast("B").tolist())
qv = memoryview(bytearray(8)).cast("Q")
qv[0] = 2**64 - 1
print(qv[0], qv.tolist())
hv = memoryview(bytearray(4)).cast("h")
hv[0] = -32768
hv[1] = 32767
print(hv.tolist())
cv = memoryview(bytearray(b"xyz")).cast("c")
cv[1] = b"Q"
print(cv.tolist(), cv.obj)
grid = memoryview(bytearray(6)).cast("B", shape=[2, 3])
grid[1, 2] = 9
grid[0, 0] = 1
print(grid.tolist(), grid.obj, grid[1:].tolist(), grid[1:].shape)
print(memoryview(b"abcd").cast("I").tolist() == [int.from_bytes(b"abcd", "little")])
