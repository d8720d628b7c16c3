# list.sort, sorted, min and max whose key or __lt__ changes the list being sorted.
def attempt(label, fn):
    try:
        print(label, fn())
    except (ValueError, IndexError, TypeError) as e:
        print(label, type(e).__name__, e)

L = [3, 1, 2]
def key_append(x):
    L.append(x)
    return x
attempt('key-append', lambda: (L.sort(key=key_append), L))

L = [3, 1, 2]
def key_clear(x):
    L.clear()
    return x
attempt('key-clear', lambda: (L.sort(key=key_clear), L))

L = [3, 1, 2]
def key_len(x):
    return len(L)
attempt('key-len', lambda: (L.sort(key=key_len), L))

L = [3, 1, 2, 5, 4]
def key_grow_shrink(x):
    L.append(0)
    L.pop()
    return -x
attempt('key-append-pop', lambda: (L.sort(key=key_grow_shrink), L))

class Lt:
    def __init__(self, v, target): self.v, self.target = v, target
    def __lt__(self, o):
        self.target.extend([0, 0])
        return self.v < o.v
    def __repr__(self): return 'Lt(%d)' % self.v
L = []
L.extend(Lt(v, L) for v in (5, 2, 9, 1))
attempt('lt-extend', lambda: (L.sort(), L))
L = []
L.extend(Lt(v, L) for v in (5, 2, 9, 1))
attempt('lt-reverse', lambda: (L.sort(reverse=True), L))

# sorted, min, max run on a copy or on an iterator: the callback sees the original
L = [4, 2, 8]
def key_clear2(x):
    L.clear()
    return x
attempt('sorted', lambda: (sorted(L, key=key_clear2), L))
L = [4, 2, 8]
attempt('min', lambda: min(L, key=key_clear2))
L = [4, 2, 8]
attempt('max', lambda: max(L, key=key_clear2))
L = [4, 2, 8]
def key_extend(x):
    if len(L) < 10: L.append(x + 1)
    return x
attempt('max-grow', lambda: (max(L, key=key_extend), L))

class LtClear:
    def __init__(self, v): self.v = v
    def __lt__(self, o):
        M.clear()
        return self.v < o.v
    def __gt__(self, o):
        M.clear()
        return self.v > o.v
    def __repr__(self): return 'C%d' % self.v
M = [LtClear(3), LtClear(1), LtClear(2)]
attempt('min-lt', lambda: (min(M), M))
M = [LtClear(3), LtClear(1), LtClear(2)]
attempt('max-lt', lambda: (max(M), M))
M = [LtClear(3), LtClear(1), LtClear(2)]
attempt('sort-lt', lambda: (M.sort(), M))
