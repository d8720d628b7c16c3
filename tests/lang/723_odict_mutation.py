# OrderedDict: order operations, views, and CPython's odict iterator checks under mutation
import collections, collections.abc, json, copy, pickle
OD = collections.OrderedDict
d = OD([('a', 1), ('b', 2), ('c', 3)])
print(d, list(d), list(reversed(d)), d.keys(), d.values(), d.items(), list(reversed(d.items())))
d.move_to_end('a'); print(d); d.move_to_end('a', last=False); print(d, d.popitem(), d.popitem(last=False), d)
d['z'] = 0; d.setdefault('y', 5); d.update({'x': 1}, w=2); print(d, d.pop('z'), d.pop('q', None), d)
e = d.copy(); print(e, e == d, e == dict(d), dict(d) == e, OD([(1, 1), (2, 2)]) == OD([(2, 2), (1, 1)]))
print(d.keys() == {'y', 'x', 'w'}, d.keys() & {'x'}, sorted(d.keys() | {'q'}), sorted(d.keys() - {'x'}), sorted(d.items()))
print(json.dumps(d), dict(d), {**d}, d | {'a': 0}, {'a': 0} | d, pickle.loads(pickle.dumps(d)))
print(isinstance(d.keys(), collections.abc.KeysView), isinstance(d.values(), collections.abc.ValuesView), type(d.items()).__name__)
print('x' in d.keys(), ('x', 1) in d.items(), 1 in d.values(), len(d.keys()), OD(), repr(OD(a=OD())))
it = iter(d); next(it); d['new'] = 1
try: next(it)
except RuntimeError as ex: print(ex)
it = iter(d); next(it); d.clear()
try: next(it)
except RuntimeError as ex: print(ex)
class Sub(OD):
    pass
s = Sub(a=1); s['b'] = 2; print(s, s.copy(), type(s.copy()).__name__)
print(OD.fromkeys('abc', 0), sorted(OD(b=1, a=2)), min(OD(b=1, a=2)), list(OD(b=1, a=2).items())[0])
dd = collections.defaultdict(int); dd['q'] += 1; print(dd)

class K:
    # a key whose __hash__ runs a callback on the OrderedDict under test (once, at call `when`)
    act = None
    calls = 0
    when = 1
    def __init__(self, v):
        self.v = v
    def __hash__(self):
        K.calls += 1
        if K.act and K.calls == K.when:
            f, K.act = K.act, None
            f()
        return hash(self.v)
    def __eq__(self, o):
        return isinstance(o, K) and self.v == o.v
    def __repr__(self):
        return 'K%d' % self.v

def run(name, op, act, when):
    K.act = None
    t = OD((K(i), i) for i in range(5))
    t2 = OD((K(i), i) for i in range(5))
    K.calls = 0
    K.when = when
    K.act = lambda: act(t)
    try:
        r = op(t, t2)
        print(name, when, 'ok', r)
    except Exception as e:
        print(name, when, type(e).__name__, e)
    K.act = None

ops = [('iter', lambda t, t2: [k for k in t]), ('reversed', lambda t, t2: list(reversed(t))),
       ('items', lambda t, t2: list(t.items())), ('values', lambda t, t2: list(t.values())),
       ('rev_items', lambda t, t2: list(reversed(t.items()))),
       ('keys_eq', lambda t, t2: t.keys() == t2.keys()),
       ('items_eq', lambda t, t2: t.items() == t2.items()), ('sorted', lambda t, t2: sorted(t, key=lambda k: k.v)),
       ('update', lambda t, t2: t.update(t2)), ('popitem', lambda t, t2: t.popitem()),
       ('or', lambda t, t2: t | t2)]
acts = [('clear', lambda t: t.clear()), ('add', lambda t: t.__setitem__(K(100), 1)),
        ('popitem', lambda t: t.popitem()), ('popfirst', lambda t: t.popitem(last=False)),
        ('move', lambda t: t.move_to_end(next(iter(list(t))))), ('del', lambda t: t.__delitem__(list(t)[0]))]
# (repr and copy are left out: CPython 3.11 reads freed nodes there when a key goes)
for on, o in ops:
    for an, a in acts:
        for when in (1, 3):
            run(on + '/' + an, o, a, when)
