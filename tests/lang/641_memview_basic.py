# memoryview over bytes and bytearray: len, indexing, slicing, attributes, tobytes/tolist/hex
b = b"hello world"
m = memoryview(b)
print(len(m), m[0], m[-1], m.format, m.itemsize, m.nbytes, m.ndim, m.shape, m.strides)
print(m.readonly, m.obj is b, m.suboffsets, m.c_contiguous, m.f_contiguous, m.contiguous)
print(m.tobytes(), m.tolist()[:5], m.hex(), m.hex(":"), m.hex("-", 4), m.hex(sep=" ", bytes_per_sep=-3))
s = m[1:8:2]
print(type(s).__name__, len(s), s.tobytes(), s.tolist(), s.strides, s.shape, s.c_contiguous)
r = m[::-1]
print(r.tobytes(), r.strides, r.obj is b, r[0], r[-1])
print(m[3:3].tobytes(), len(m[5:2]), m[2:][1:][::2].tobytes())
print(list(m[:4]), [x for x in m[6:]])
print(bytes(m[::3]), bytearray(m[1:4]), bytes(m))
ba = bytearray(b"abcdef")
mv = memoryview(ba)
print(mv.readonly, mv.obj is ba)
mv[0] = 65
mv[-1] = ord("Z")
print(ba)
sub = mv[1:5]
sub[1:3] = b"XY"
print(ba, sub.tobytes())
mv[::2] = b"123"
print(ba)
mv[1:3] = mv[3:5]
print(ba)
ev = mv[::2]
ev[0] = 0
print(ba, ev.tolist())
print(memoryview(b"").tolist(), memoryview(b"").tobytes(), len(memoryview(bytearray())))
print(memoryview(m).obj is b, memoryview(m[2:]).tobytes())
print(m.toreadonly().readonly, mv.toreadonly().readonly, mv.readonly)
for k in (m[0:0], m[::-2]):
    print(k.nbytes, k.tolist())
