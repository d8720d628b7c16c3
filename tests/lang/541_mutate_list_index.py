# __index__ that changes the list it indexes: the index is checked against the length after.
class I:
    def __init__(self, target, n, grow=False):
        self.target, self.n, self.grow = target, n, grow
    def __index__(self):
        if self.grow: self.target.extend(range(10))
        else: self.target.clear()
        return self.n

def attempt(label, fn):
    try:
        print(label, fn())
    except (IndexError, ValueError, TypeError) as e:
        print(label, type(e).__name__, e)

L = [1, 2, 3]
attempt('get', lambda: L[I(L, 1)])
L = [1, 2, 3]
def store(): L[I(L, 1)] = 5; return L
attempt('set', store)
L = [1, 2, 3]
def delete(): del L[I(L, 1)]; return L
attempt('del', delete)
L = [1, 2, 3]
attempt('get-grow', lambda: L[I(L, 5, True)])
L = [1, 2, 3]
def store_grow(): L[I(L, -1, True)] = 'x'; return L
attempt('set-grow', store_grow)
L = [1, 2, 3]
attempt('pop', lambda: (L.pop(I(L, 1)), L))
L = [1, 2, 3]
attempt('insert', lambda: (L.insert(I(L, 1), 'y'), L))

# slices with __index__ bounds
L = list(range(8))
attempt('slice', lambda: L[I(L, 2):6])
L = list(range(8))
attempt('slice-grow', lambda: L[I(L, 2, True)::3])
L = list(range(8))
def slice_del(): del L[I(L, 1):5]; return L
attempt('slice-del', slice_del)
L = list(range(8))
def slice_del_grow(): del L[1:I(L, 5, True)]; return L
attempt('slice-del-grow', slice_del_grow)
L = list(range(8))
def slice_set(): L[I(L, 1):3] = 'ab'; return L
attempt('slice-set', slice_set)
L = list(range(8))
def ext_set(): L[I(L, 0)::2] = 'abcd'; return L
attempt('ext-set', ext_set)
L = list(range(4))
attempt('repeat', lambda: L * I(L, 2))
t = (1, 2, 3)
attempt('tuple', lambda: t[I([], 1)])
