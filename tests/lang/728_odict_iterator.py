# OrderedDict's iterators (the native odict_iterator): a key's __hash__ runs once per step and
# again for the value; errors there end the iteration; state and size checks after mutation
import collections
OD = collections.OrderedDict

class K:
    n = 0
    bad = -1
    def __init__(s, v):
        s.v = v
    def __hash__(s):
        K.n += 1
        if K.n == K.bad:
            raise ValueError('boom')
        return hash(s.v)
    def __eq__(s, o):
        return isinstance(o, K) and s.v == o.v
    def __repr__(s):
        return 'K%d' % s.v

def drain(it):
    out = []
    try:
        for x in it:
            out.append(x)
    except Exception as e:
        out.append(type(e).__name__ + ' ' + str(e))
    try:
        out.append(next(it))
    except Exception as e:
        out.append(type(e).__name__ + ' ' + str(e))
    return out

for kind in ('keys', 'values', 'items'):
    for rev in (False, True):
        for bad in range(1, 7):
            d = OD((K(i), i) for i in range(3))
            K.n = 0
            K.bad = bad
            view = getattr(d, kind)()
            it = reversed(view) if rev else iter(view)
            out = drain(it)
            K.bad = -1
            print(kind, rev, bad, out, K.n)

acts = {
    'add': lambda d: d.__setitem__('z', 1),
    'del': lambda d: d.__delitem__('c'),
    'clear': lambda d: d.clear(),
    'clear+add': lambda d: (d.clear(), d.__setitem__('a', 1)),
    'move': lambda d: d.move_to_end('a'),
    'move first': lambda d: d.move_to_end('c', last=False),
    'move same': lambda d: d.move_to_end('c'),
    'setval': lambda d: d.__setitem__('b', 7),
    'pop': lambda d: d.pop('b'),
    'popitem': lambda d: d.popitem(),
    'popfirst': lambda d: d.popitem(last=False),
    'setdefault new': lambda d: d.setdefault('n', 0),
    'setdefault old': lambda d: d.setdefault('a', 0),
    'update same': lambda d: d.update(a=5),
}
for name, act in acts.items():
    for kind in ('keys', 'values', 'items'):
        d = OD(a=1, b=2, c=3)
        it = iter(getattr(d, kind)())
        first = next(it)
        act(d)
        print(name, kind, first, drain(it))

# holes left by deletions, moves and popitem(last=False) are skipped both ways
d = OD((i, i) for i in range(10))
for i in range(0, 10, 3):
    del d[i]
d.move_to_end(4, last=False)
d.popitem(last=False)
d[99] = 'x'
d.move_to_end(2)
print(list(d), list(reversed(d)), list(d.values()), list(reversed(d.items())))
print(type(iter(d)).__name__, type(reversed(d.values())).__name__, iter(d) is not iter(d))
it = iter(d)
print(iter(it) is it, list(it), list(it))

# a subclass's __iter__ does not change the views' iteration, and equality checks order
class Rev(OD):
    def __iter__(self):
        return reversed(list(OD.__iter__(self)))
r = Rev(a=1, b=2)
print(list(r), list(r.keys()), list(r.items()), r, r == OD(a=1, b=2), r == OD(b=2, a=1))
class Q:
    def __init__(s, v, od):
        s.v, s.od = v, od
    def __hash__(s):
        return hash(s.v)
    def __eq__(s, o):
        if s.od is not None:
            s.od['new'] = 1
            s.od = None
        return isinstance(o, Q) and s.v == o.v
    def __repr__(s):
        return 'Q%d' % s.v
a = OD()
b = OD()
a[Q(1, None)] = 1
b[Q(1, a)] = 1
try:
    print(a == b)
except RuntimeError as e:
    print('RuntimeError', e)
