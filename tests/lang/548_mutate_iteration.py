# Changing a dict or set while iterating it raises RuntimeError; `in` with an __eq__ that
# changes the container answers from the container as it is after the change.
def attempt(label, fn):
    try:
        print(label, fn())
    except RuntimeError as e:
        print(label, 'RuntimeError', e)

d = {i: i for i in range(5)}
def add_during():
    for k in d: d[k + 100] = 1
attempt('dict-add', add_during)
d = {i: i for i in range(5)}
def del_during():
    for k in d: del d[k]
attempt('dict-del', del_during)
d = {i: i for i in range(5)}
def values_during():
    for v in d.values(): d.pop(v)
attempt('dict-values', values_during)
d = {i: i for i in range(5)}
def items_during():
    for k, v in d.items(): d.clear()
attempt('dict-items', items_during)
d = {i: i for i in range(5)}
def replace_during():
    for k in d: d[k] = k * 10
    return d
attempt('dict-replace', replace_during)
s = set(range(5))
def set_add():
    for x in s: s.add(x + 100)
attempt('set-add', set_add)
s = set(range(5))
def set_discard():
    for x in s: s.discard(x)
attempt('set-discard', set_discard)
L = [1, 2, 3]
def list_grow():
    for x in L:
        if len(L) < 8: L.append(x * 10)
    return L
attempt('list-grow', list_grow)

ARMED = [None]
class K:
    def __init__(self, n): self.n = n
    def __hash__(self): return 0
    def __eq__(self, o):
        if ARMED[0] is not None: ARMED[0].clear()
        return False
    def __repr__(self): return 'K%d' % self.n

d = {K(i): i for i in range(10)}
ARMED[0] = d
attempt('dict-in', lambda: (K(50) in d, len(d)))
ARMED[0] = None
d = {K(i): i for i in range(10)}
ARMED[0] = d
attempt('keys-in', lambda: (K(50) in d.keys(), len(d)))
ARMED[0] = None
d = {i: K(i) for i in range(10)}
ARMED[0] = d
attempt('values-in', lambda: (K(50) in d.values(), len(d)))
ARMED[0] = None
d = {i: K(i) for i in range(10)}
ARMED[0] = d
attempt('items-in', lambda: ((3, K(50)) in d.items(), len(d)))
ARMED[0] = None
s = {K(i) for i in range(10)}
ARMED[0] = s
attempt('set-in', lambda: (K(50) in s, len(s)))
ARMED[0] = None
s = {K(i) for i in range(10)}
ARMED[0] = s
attempt('set-remove', lambda: (s.discard(K(50)), len(s)))
ARMED[0] = None
f = frozenset(K(i) for i in range(10))
ARMED[0] = []
attempt('frozenset-in', lambda: K(50) in f)
ARMED[0] = None
