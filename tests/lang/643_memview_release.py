# release(), the context manager, and what a released view forbids
b = bytearray(b"abc")
m = memoryview(b)
m.release()
m.release()
for f in (lambda: m[0], lambda: len(m), lambda: m.tobytes(), lambda: m.tolist(), lambda: m.format,
          lambda: m.shape, lambda: m.obj, lambda: bytes(m), lambda: m.cast("B"), lambda: m.nbytes,
          lambda: m.readonly, lambda: m.hex(), lambda: list(m), lambda: memoryview(m)):
    try:
        f()
    except ValueError as e:
        print("ValueError", e)
try:
    m[0] = 1
except ValueError as e:
    print("ValueError", e)
print("repr" , repr(m).startswith("<released memory at 0x"), repr(memoryview(b)).startswith("<memory at 0x"))
print(m == m, m == memoryview(b), m != m)
with memoryview(b) as v:
    print(v.tobytes(), v[1])
    b.extend if False else None
try:
    v[0]
except ValueError as e:
    print("after with:", e)
b.append(100)
print(b)
with memoryview(b"xyz") as v2:
    with v2[1:] as v3:
        print(v3.tobytes())
    print(v2.tobytes())
try:
    with v2:
        pass
except ValueError as e:
    print("enter released:", e)
