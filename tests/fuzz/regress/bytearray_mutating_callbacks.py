# Found by tests/suites/fuzz_callbacks.py: bytearray methods whose __index__ callbacks resize
# the bytearray while its old buffer or length is in use (use-after-free, negative sizes).
class Idx:
    def __init__(self, v, act=None):
        self.v, self.act = v, act

    def __index__(self):
        if self.act:
            act, self.act = self.act, None
            act()
        return self.v


def delitem(t, k):
    del t[k]


def setitem(t, k, v):
    t[k] = v


def imul(t, n):
    t *= n


def attempt(name, f):
    """the outcome class only: values after a container changed under an operation are
    implementation details (CPython itself reads stale buffers in some of these)"""
    try:
        f()
        print(name, "ok")
    except Exception as e:
        print(name, type(e).__name__)


t = bytearray(range(2))
attempt("startswith", lambda: t.startswith(b'\x00', Idx(0, lambda: imul(t, 0)), Idx(3)))
t = bytearray(b"abcabc")
attempt("find", lambda: t.find(b"c", Idx(0, lambda: t.extend(b"x" * 1000))))
t = bytearray(b"abcabc")
attempt("count", lambda: t.count(b"a", Idx(1, lambda: t.clear())))
t = bytearray(b"ab")
attempt("getslice", lambda: t[Idx(1, lambda: t.extend(b"x" * 1000)):Idx(5):Idx(2)])
t = bytearray(b"ab")
attempt("getitem", lambda: t[Idx(1, lambda: t.clear())])
t = bytearray(b"ab")
attempt("setslice", lambda: setitem(t, slice(Idx(1), Idx(4)), iter([Idx(65, lambda: t.clear()), 66])))
print(t)
t = bytearray(b"abcd")
attempt("setitem", lambda: setitem(t, 3, Idx(65, lambda: t.clear())))
print(t)
t = bytearray(b"abcd")
attempt("hex", lambda: t.hex(":", Idx(2, lambda: t.extend(b"\xff" * 100))))
