# == between memoryviews and bytes-likes, hash of readonly views, dict keys
import array
m = memoryview(b"abc")
print(m == b"abc", m == bytearray(b"abc"), m == b"abd", m != b"abc", b"abc" == m, m == "abc", m == 5)
print(m == memoryview(b"abc"), m[::2] == b"ac", m[1:] == memoryview(bytearray(b"bc")))
print(hash(m) == hash(b"abc"), hash(m[::2]) == hash(b"ac"), hash(memoryview(b"")) == hash(b""))
d = {m: 1}
print(d[b"abc"], b"abc" in d)
w = memoryview(bytearray(b"abc"))
try:
    hash(w)
except ValueError as e:
    print("ValueError", e)
try:
    hash(w.toreadonly())
except TypeError as e:
    print("TypeError", e)
try:
    hash(memoryview(b"abcd").cast("i"))
except ValueError as e:
    print("ValueError", e)
print(hash(memoryview(b"ab").cast("c")) == hash(b"ab"), hash(memoryview(b"ab").cast("b")) == hash(b"ab"))
a = array.array("i", [1, 2, 3])
am = memoryview(a)
print(am.format, am.itemsize, am.tolist(), am == a, am == array.array("i", [1, 2, 4]), am == array.array("l", [1, 2, 3]))
print(am.cast("B").tobytes() == a.tobytes(), am[1], len(am))
am[1] = 20
print(a)
fm = memoryview(array.array("d", [1.0, float("nan")]))
print(fm == fm, fm[:1] == fm[:1], fm.tolist()[0])
print(memoryview(b"ab") == memoryview(b"ab").cast("c"), memoryview(b"\x01\x02").cast("b") == b"\x01\x02")
x = memoryview(b"abc"); x.release()
y = memoryview(b"abc"); y.release()
print(x == y, x == x, x == b"abc")
try:
    memoryview(b"a") < memoryview(b"b")
except TypeError as e:
    print("TypeError", e)
