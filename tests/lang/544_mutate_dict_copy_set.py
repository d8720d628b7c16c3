# __eq__ that clears the source dict while it is copied into a set or another dict.
ARMED = [False]

class K:
    def __init__(self, d, n): self.d, self.n = d, n
    def __hash__(self): return 1
    def __eq__(self, o):
        if ARMED[0]: self.d.clear()
        return False
    def __repr__(self): return 'K%d' % self.n

def fresh(n):
    d = {}
    for i in range(n): d[K(d, i)] = i
    return d

for n in (4, 12):
    d = fresh(n)
    ARMED[0] = True
    s = set(d)
    ARMED[0] = False
    print('set', len(s), len(d))
    d = fresh(n)
    ARMED[0] = True
    c = d.copy()
    ARMED[0] = False
    print('copy', len(c), len(d), sorted(c.values()))
    d = fresh(n)
    ARMED[0] = True
    c = dict(d)
    ARMED[0] = False
    print('dict', len(c), len(d))
    d = fresh(n)
    ARMED[0] = True
    c = d | {}
    ARMED[0] = False
    print('or', len(c), len(d))
    d = fresh(n)
    ARMED[0] = True
    try:
        s = frozenset(d.keys())
        print('frozenset', len(s), len(d))
    except RuntimeError as e:
        print('frozenset RuntimeError', e)
    ARMED[0] = False
    d = fresh(n)
    s = {K(d, 100)}
    ARMED[0] = True
    try:
        s.update(d)
        print('update', len(s), len(d))
    except RuntimeError as e:
        print('update RuntimeError', e)
    ARMED[0] = False
    d = fresh(n)
    ARMED[0] = True
    s = set(d.values())
    ARMED[0] = False
    print('values', sorted(s), len(d))
    s = set()
    d = fresh(n)
    ARMED[0] = True
    try:
        for key in d:
            s.add(key)
    except RuntimeError as e:
        print('loop RuntimeError', e)
    ARMED[0] = False
    print('loop', len(s), len(d))
