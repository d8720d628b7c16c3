# a bytearray with live memoryviews cannot change size (BufferError), so no view dangles
b = bytearray(b"abcdef")
m = memoryview(b)
ops = [("append", lambda: b.append(1)), ("extend", lambda: b.extend(b"xy")), ("pop", lambda: b.pop()),
       ("insert", lambda: b.insert(0, 1)), ("remove", lambda: b.remove(ord("a"))),
       ("clear", lambda: b.clear()), ("del item", lambda: exec("del b[0]")),
       ("del slice", lambda: exec("del b[0:2]")), ("grow slice", lambda: exec("b[0:1] = b'xyz'")),
       ("iadd", lambda: exec("b += b'q'")), ("imul", lambda: exec("b *= 2")), ("imul0", lambda: exec("b *= 0"))]
for name, f in ops:
    try:
        f()
        print(name, "ok", b)
    except BufferError as e:
        print(name, "BufferError", e)
b[0:2] = b"XY"
b[1] = 0x51
b += b""
b *= 1
b.reverse()
print(b, m.tobytes())
del b[0:0]
s = m[2:4]
m.release()
try:
    b.append(1)
except BufferError as e:
    print("slice still exports:", e)
s.release()
b.append(0x21)
print(b)
c = m2 = memoryview(b)
del c, m2
b.extend(b"??")
print(b)
d = bytearray(b"1234")
x = memoryview(d)[1:]
y = memoryview(x)
del x
try:
    d.pop()
except BufferError as e:
    print("copy exports:", e)
y.release()
print(d.pop(), d)
e = bytearray(b"ab")
with memoryview(e) as ev:
    try:
        e += b"cd"
    except BufferError as err:
        print("with:", err)
e += b"cd"
print(e)
def f():
    local = memoryview(e)
    return local[0]
print(f())
e.extend(b"ef")
print(e)
