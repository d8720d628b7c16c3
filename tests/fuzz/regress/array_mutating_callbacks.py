# Found by tests/suites/fuzz_callbacks.py: array.array operations whose __index__/__iter__
# callbacks resize the array being written (use-after-free, stale lengths, memcpy of NULL).
import array


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


def survive(name, f):
    """only that it returns or raises: CPython 3.11 writes past the end of the array here"""
    try:
        f()
    except Exception:
        pass
    print(name, "done")


# extend/fromlist/append whose item conversion grows the array (realloc under the write)
t = array.array('q', range(3))
attempt("fromlist-grow", lambda: t.fromlist([Idx(1, lambda: t.extend(range(1000)))]))
print(len(t))
t = array.array('q', range(20))
survive("extend-grow", lambda: t.extend(Idx(i, lambda: imul(t, 50)) for i in range(3)))
t = array.array('q')
survive("append-grow", lambda: t.append(Idx(7, lambda: t.extend(range(100)))))
# slice bounds whose __index__ empties the array
t = array.array('q', range(8))
attempt("getslice", lambda: t[Idx(1, lambda: delitem(t, slice(None))):Idx(5)])
t = array.array('q', range(4))
attempt("setslice", lambda: setitem(t, slice(Idx(1, lambda: delitem(t, slice(None))), Idx(3)), array.array('q', [7, 8])))
# item assignment whose value's __index__ empties the array
t = array.array('q', range(4))
survive("setitem", lambda: setitem(t, 2, Idx(9, lambda: delitem(t, slice(None)))))
t = array.array('q', range(4))
attempt("insert", lambda: t.insert(3, Idx(9, lambda: delitem(t, slice(None)))))
# empty arrays: += itself, * 0, slices of nothing, extend by itself
e = array.array('q')
e += e
e.extend(e)
attempt("empty-ops", lambda: (e * 3, e[0:0], e + e, e.tolist()))
e[0:0] = array.array('q')
print(e.tolist())
t = array.array('q', [1, 2])
attempt("frombytes-self", lambda: t.frombytes(bytes(t)))
print(t.tolist())
