# Callbacks (__hash__, __eq__) that change the dict they are being looked up or stored in.
ARMED = [False]

class HashClears:
    def __init__(self, d): self.d = d
    def __hash__(self):
        if ARMED[0]: self.d.clear()
        return 1
    def __eq__(self, o): return self is o

d = {}
k = HashClears(d)
d[k] = 'v'
ARMED[0] = True
print(d.popitem()[1], d)
ARMED[0] = False

# popitem never hashes: the last entry goes even if __hash__ would fail
class BadHash:
    armed = False
    def __hash__(self):
        if BadHash.armed: raise RuntimeError('hashed')
        return 5
d = {1: 'a', BadHash(): 'b'}
BadHash.armed = True
print(d.popitem()[1], d)
try:
    print(d.popitem(), d.popitem())
except KeyError as e:
    print('KeyError', e)

class EqClears:
    def __init__(self, d, n): self.d, self.n = d, n
    def __hash__(self): return 1
    def __eq__(self, o):
        if ARMED[0]: self.d.clear()
        return False
    def __repr__(self): return 'E%d' % self.n

def fresh(n):
    d = {}
    for i in range(n): d[EqClears(d, i)] = i
    return d

for n in (3, 12):
    d = fresh(n)
    probe = EqClears(d, 99)
    ARMED[0] = True
    print('get', d.get(probe), len(d))
    ARMED[0] = False
    d = fresh(n)
    ARMED[0] = True
    print('in', probe in d, len(d))
    ARMED[0] = False
    d = fresh(n)
    ARMED[0] = True
    d[EqClears(d, 50)] = 'new'
    ARMED[0] = False
    print('store', d)
    d = fresh(n)
    ARMED[0] = True
    try:
        del d[EqClears(d, 51)]
    except KeyError as e:
        print('del KeyError', e)
    ARMED[0] = False
    print('after del', d)
    d = fresh(n)
    ARMED[0] = True
    print('pop', d.pop(EqClears(d, 52), 'dflt'), d)
    print('setdefault', d.setdefault(EqClears(d, 53), 'sd'), len(d))
    ARMED[0] = False

# comparing two dicts whose values clear one of them
class V:
    def __init__(self, d): self.d = d
    def __eq__(self, o):
        self.d.clear()
        return True
a = {}; b = {}
for i in range(5):
    a[i] = V(a)
    b[i] = V(b)
print(a == b, len(a), len(b))
