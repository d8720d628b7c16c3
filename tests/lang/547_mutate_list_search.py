# index, count, remove and `in` whose __eq__ changes the list being searched.
class E:
    def __init__(self, target, action, result=False):
        self.target, self.action, self.result = target, action, result
    def __eq__(self, o):
        self.action(self.target)
        return self.result
    __hash__ = None
    def __repr__(self): return "E"

def attempt(label, fn):
    try:
        print(label, fn())
    except (ValueError, IndexError) as e:
        print(label, type(e).__name__, e)

clear = lambda t: t.clear()
pop = lambda t: t.pop() if t else None
grow = lambda t: t.append(0) if len(t) < 20 else None

for aname, action in (('clear', clear), ('pop', pop), ('grow', grow)):
    for result in (False, True):
        L = list(range(6))
        probe = E(L, action, result)
        attempt('in-%s-%s' % (aname, result), lambda: (probe in L, len(L)))
        L[:] = range(6)
        attempt('count-%s-%s' % (aname, result), lambda: (L.count(probe), len(L)))
        L[:] = range(6)
        attempt('index-%s-%s' % (aname, result), lambda: (L.index(probe), len(L)))
        L[:] = range(6)
        attempt('index-start-%s-%s' % (aname, result), lambda: (L.index(probe, 2, -1), len(L)))
        L[:] = range(6)
        attempt('remove-%s-%s' % (aname, result), lambda: (L.remove(probe), L))

# the element held by the list is the one that changes it
L = [0, 1, 2]
L.insert(1, E(L, clear, True))
attempt('elem-in', lambda: (5 in L, L))
t = (1, 2, E(None, lambda t: None, True))
attempt('tuple', lambda: (t.index(7), t.count(7), 7 in t))
