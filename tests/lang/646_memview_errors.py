# memoryview's error messages (CPython 3.11)
import array
def setter(m, k, v):
    def f():
        m[k] = v
    return f
def deleter(m, k):
    def f():
        del m[k]
    return f
def t(f):
    try:
        r = f()
        print("ok", r)
    except Exception as e:
        print(type(e).__name__, e)
m = memoryview(b"abcdef")
w = memoryview(bytearray(b"abcdef"))
t(lambda: memoryview(5))
t(lambda: memoryview("str"))
t(lambda: memoryview([1, 2]))
t(lambda: m[6])
t(lambda: m[-7])
t(lambda: m["x"])
t(lambda: m[1.5])
t(setter(m, 0, 1))
t(setter(w, 0, 256))
t(setter(w, 0, -1))
t(setter(w, 0, "a"))
t(setter(w, 0, 1.0))
t(setter(w, 9, 1))
t(deleter(w, 0))
t(setter(w, slice(0, 2), b"abc"))
t(setter(w, slice(0, 2), 5))
t(setter(memoryview(bytearray(8)).cast("i"), slice(0, 1), b"abcd"))
t(lambda: w.cast("x"))
t(lambda: w.cast("ii"))
t(lambda: w.cast("i"))
t(lambda: w.cast("h").cast("i"))
t(lambda: w.cast("B", shape=[4]))
t(lambda: w.cast("B", shape=[0, 6]))
t(lambda: w.cast("B", shape=5))
t(lambda: w[::2].cast("B"))
t(lambda: w.cast("B", shape=[2, 3]).cast("B", shape=[3, 2]))
t(lambda: w.cast("B", shape=[2, 3])[0])
t(lambda: w.cast("B", shape=[2, 3])[0, 5])
t(lambda: w.cast("B", shape=[2, 3])[0, 1, 2])
t(lambda: w.cast("B", shape=[2, 3])[0:1, 1:2])
t(lambda: list(w.cast("B", shape=[2, 3])))
t(setter(w.cast("B", shape=[2, 3]), slice(0, 1), b"abc"))
t(setter(w.cast("c"), 0, b"ab"))
t(setter(w.cast("c"), 0, 65))
t(setter(w.cast("h"), 0, 70000))
t(setter(memoryview(bytearray(8)).cast("d"), 0, "x"))
t(setter(memoryview(bytearray(8)).cast("Q"), 0, -1))
t(setter(memoryview(bytearray(8)).cast("Q"), 0, 2**64))
t(setter(memoryview(bytearray(8)).cast("q"), 0, 2**63))
t(lambda: m.tobytes(order="X"))
t(lambda: bytes(memoryview(b"ab").cast("B", shape=[1, 2])))
t(lambda: memoryview(array.array("i", [1, 2]))[1:].cast("B").tolist())
t(lambda: m.hex(":::"))
