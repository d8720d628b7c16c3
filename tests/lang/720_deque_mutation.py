# deque operations whose comparison callbacks mutate the deque: CPython's mutation checks
import collections

class M:
    # an element whose == runs a callback on the deque under test once
    act = None
    def __init__(self, v):
        self.v = v
    def __eq__(self, o):
        f, M.act = M.act, None
        if f:
            f()
        return self.v == getattr(o, 'v', o)
    def __lt__(self, o):
        f, M.act = M.act, None
        if f:
            f()
        return self.v < getattr(o, 'v', o)
    def __hash__(self):
        return hash(self.v)
    def __repr__(self):
        return 'M%d' % self.v

def mk(n=5):
    return collections.deque(M(i) for i in range(n))

def case(name, op, act):
    d = mk()
    M.act = lambda: act(d)
    try:
        r = op(d)
        print(name, 'ok', r, list(d))
    except Exception as e:
        print(name, type(e).__name__, e, list(d))
    M.act = None

acts = [('append', lambda d: d.append(M(7))), ('appendleft', lambda d: d.appendleft(M(8))),
        ('pop', lambda d: d.pop()), ('popleft', lambda d: d.popleft()), ('clear', lambda d: d.clear()),
        ('rotate', lambda d: d.rotate(1)), ('reverse', lambda d: d.reverse()),
        ('setitem', lambda d: d.__setitem__(0, M(9))), ('extend', lambda d: d.extend([M(3)]))]
ops = [('in', lambda d: M(99) in d), ('count', lambda d: d.count(M(1))),
       ('index', lambda d: d.index(M(3))), ('index_found_first', lambda d: d.index(M(0))),
       ('remove', lambda d: d.remove(M(3))), ('eq', lambda d: d == mk()), ('lt', lambda d: d < mk(6)),
       ('min', lambda d: min(d)), ('listcomp', lambda d: [x for x in d if x == 2]),
       ('reversed', lambda d: [x for x in reversed(d) if x == 2])]
for an, a in acts:
    for on, o in ops:
        case(on + '/' + an, o, a)

# plain iteration after a mutation
d = collections.deque([1, 2, 3])
it = iter(d)
print(next(it))
d.append(4)
try:
    next(it)
except RuntimeError as e:
    print('RuntimeError', e)
# clear of an empty deque and rotate of a one-item deque are no mutation in CPython
e = collections.deque()
ite = iter(e)
e.clear()
print(list(ite))
for name, act in (('rotate', lambda d: d.rotate(3)), ('reverse', lambda d: d.reverse()),
                  ('clear', lambda d: d.clear())):
    d = collections.deque([5])
    it = iter(d)
    act(d)
    try:
        print(name, list(it))
    except RuntimeError as e:
        print(name, 'RuntimeError', e)
print(repr(collections.deque([1, 2], maxlen=3)), collections.deque('ab') * 2)
d = collections.deque([1, 2])
d *= 0
print(d)
