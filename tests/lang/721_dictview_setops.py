# dict views as sets: the set operations and comparisons, and the hashes and == they run
d = {1: 'a', 2: 'b', 3: 'c'}
e = {2: 'b', 3: 'x', 4: 'd'}
print(d.keys() & e.keys(), d.keys() | e.keys(), d.keys() - e.keys(), d.keys() ^ e.keys())
print(d.items() & e.items(), sorted(d.items() | e.items()), sorted(d.items() - e.items()), sorted(d.items() ^ e.items()))
print(d.keys() & {1, 9}, {1, 9} & d.keys(), {1, 9} - d.keys(), [1, 2] - d.keys() if False else d.keys() - [1, 2])
print(d.keys() == {1, 2, 3}, d.keys() != {1, 2}, d.keys() < {1, 2, 3, 4}, d.keys() <= {1, 2, 3}, d.keys() > {1}, d.keys() >= {1, 2, 3, 4})
print(d.keys() == e.keys(), d.keys() == dict.fromkeys([3, 2, 1]).keys(), d.items() == {1: 'a', 2: 'b', 3: 'c'}.items())
print(d.keys() == [1, 2, 3], d.values() == d.values(), {1, 2, 3} == d.keys(), frozenset({1}) < d.keys())
print(d.keys() & [1, 1, 5], d.items() & {(1, 'a'), (2, 'z')}, d.keys().isdisjoint([7]))
try:
    d.keys() - 5
except TypeError as ex:
    print('TypeError', ex)
try:
    d.keys() < 5
except TypeError as ex:
    print('TypeError', ex)

class K:
    # a key whose __hash__ / __eq__ log and may mutate the dict under test
    log = []
    act = None
    def __init__(self, v):
        self.v = v
    def __hash__(self):
        K.log.append('h%d' % self.v)
        f, K.act = K.act, None
        if f:
            f()
        return hash(self.v)
    def __eq__(self, o):
        K.log.append('e%d' % self.v)
        return isinstance(o, K) and self.v == o.v
    def __repr__(self):
        return 'K%d' % self.v

def run(name, op, act=None):
    t = {K(i): i for i in range(4)}
    t2 = {K(i): i for i in range(2, 5)}
    K.log = []
    K.act = (lambda: act(t)) if act else None
    try:
        r = op(t, t2)
        if isinstance(r, (set, frozenset)):
            r = sorted(x.v if isinstance(x, K) else x[0].v for x in r)
        print(name, 'ok', r, K.log)
    except Exception as e:
        print(name, type(e).__name__, e, K.log)
    K.act = None

ops = [('eq', lambda t, t2: t.keys() == t2.keys()), ('ne', lambda t, t2: t.keys() != t2.keys()),
       ('items_eq', lambda t, t2: t.items() == t2.items()), ('lt', lambda t, t2: t.keys() < t2.keys()),
       ('and', lambda t, t2: t.keys() & {K(1)}), ('and_views', lambda t, t2: t.keys() & t2.keys()),
       ('or', lambda t, t2: t.keys() | t2.keys()), ('sub', lambda t, t2: t.keys() - {K(1)}),
       ('xor', lambda t, t2: t.keys() ^ {K(1), K(9)}), ('eq_same_len', lambda t, t2: t.keys() == {K(0), K(1), K(2), K(3)})]
acts = [None, lambda t: t.clear(), lambda t: t.__setitem__(K(100), 1), lambda t: t.popitem()]
for on, o in ops:
    for i, a in enumerate(acts):
        run('%s/%d' % (on, i), o, a)

# a view no longer than the set: set.intersection(view), which iterates the dict
class K2:
    act = None
    def __init__(self, v): self.v = v
    def __hash__(self):
        f, K2.act = K2.act, None
        if f: f()
        return hash(self.v)
    def __eq__(self, o): return isinstance(o, K2) and self.v == o.v
for n in (0, 1, 2):
    for act in (None, lambda t: t.clear(), lambda t: t.__setitem__(K2(50), 1)):
        t = {K2(i): i for i in range(n)}
        K2.act = (lambda: act(t)) if act else None
        try:
            print(n, sorted(x.v for x in t.keys() & {K2(0)}))
        except RuntimeError as e:
            print(n, 'RuntimeError', e)
        K2.act = None
