# bytearray[i] = v: the value's __index__ runs before the bounds check (CPython 3.11's order)
class I:
    def __init__(self, v, act=None):
        self.v = v
        self.act = act
    def __index__(self):
        if self.act:
            f, self.act = self.act, None
            f()
        return self.v

def run(name, n, i, v, show=True):
    # (show=False where the bytearray grows: CPython 3.11 then writes to the buffer it read
    # before the callback, so only the outcome is compared)
    t = bytearray(range(n))
    try:
        t[i(t) if callable(i) else i] = v(t)
        print(name, 'ok', bytes(t[:8]) if show else '', len(t))
    except Exception as e:
        print(name, type(e).__name__, e, len(t))

run('grow', 1, 1, lambda t: I(7, lambda: t.extend(b'x' * 10)), False)
run('shrink', 5, 3, lambda t: I(7, lambda: t.clear()))
run('neg_grow', 2, -3, lambda t: I(7, lambda: t.extend(b'yy')))
run('neg_shrink', 5, -1, lambda t: I(9, lambda: t.pop()))
run('index_grows', 1, lambda t: I(2, lambda: t.extend(b'zz')), lambda t: 5, False)
run('bad_value_first', 1, 5, lambda t: 300)
run('bad_type', 1, 5, lambda t: 'x')
run('plain', 3, 1, lambda t: 200)
t = bytearray(b'abc')
del t[I(1, lambda: t.extend(b'def'))]
print(t)
