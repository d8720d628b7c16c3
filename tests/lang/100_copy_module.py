# copy: shallow and deep copies of containers, cycles and shared parts through the memo,
# class instances via __dict__, __copy__/__deepcopy__ and __getstate__/__setstate__
import copy

a = [1, [2, 3], {'k': [4]}]
s = copy.copy(a)
d = copy.deepcopy(a)
a[1].append(99)
a[2]['k'].append(5)
a.append('new')
print(a)
print(s, s is a, s[1] is a[1])
print(d, d[1] is a[1])
for v in [3, 2.5, True, None, 'str', (1, 2), frozenset({1}), range(3), len, print]:
    print(repr(v), copy.copy(v) is v, copy.deepcopy(v) is v)
t = (1, [2])
dt = copy.deepcopy(t)
print(dt, dt is t, dt[1] is t[1], copy.deepcopy((1, 'a', (2,))) == (1, 'a', (2,)))
st = {1, 2, 3}
cs = copy.copy(st)
cs.add(4)
print(sorted(st), sorted(cs), copy.deepcopy(st) == st, copy.deepcopy(st) is st)
dd = {'a': [1], 'b': (2, [3])}
c1 = copy.copy(dd)
c2 = copy.deepcopy(dd)
print(c1['a'] is dd['a'], c2['a'] is dd['a'], c2['b'][1] is dd['b'][1], c2 == dd)

# cycles and sharing
cyc = [1, 2]
cyc.append(cyc)
cc = copy.deepcopy(cyc)
print(cc, cc[2] is cc, cc is not cyc)
dc = {'x': 1}
dc['self'] = dc
dcc = copy.deepcopy(dc)
print(dcc['self'] is dcc, dcc['x'])
shared = [0]
pair = [shared, shared, (shared,)]
pc = copy.deepcopy(pair)
print(pc[0] is pc[1], pc[2][0] is pc[0], pc[0] is not shared)
tc = [1]
tup = (tc, 2)
tc.append(tup)
tcc = copy.deepcopy(tup)
print(tcc[0][1] is tcc, tcc[0] is not tc)
memo = {}
x1 = copy.deepcopy(shared, memo)
x2 = copy.deepcopy(shared, memo)
print(x1 is x2, id(shared) in memo)

class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y
    def __repr__(self):
        return 'Point(%r, %r)' % (self.x, self.y)
p = Point(1, [2, 3])
p2 = copy.copy(p)
p3 = copy.deepcopy(p)
p.y.append(4)
print(p2, p3, type(p3).__name__, p2.y is p.y, p3.y is p.y)

class Node:
    def __init__(self, val):
        self.val = val
        self.next = None
n1 = Node(1)
n2 = Node(2)
n1.next = n2
n2.next = n1
m1 = copy.deepcopy(n1)
print(m1.val, m1.next.val, m1.next.next is m1, m1 is not n1)

class Counted:
    def __init__(self):
        self.items = [1]
    def __copy__(self):
        print('__copy__ called')
        c = Counted()
        c.items = self.items
        return c
    def __deepcopy__(self, memo):
        print('__deepcopy__ called', type(memo).__name__)
        c = Counted()
        c.items = copy.deepcopy(self.items, memo)
        return c
k = Counted()
k1 = copy.copy(k)
k2 = copy.deepcopy(k)
print(k1.items is k.items, k2.items is k.items, k2.items)
both = copy.deepcopy([k, k])
print(both[0] is both[1])

class Stateful:
    def __init__(self):
        self.a = 1
        self.cache = {'big': 1}
    def __getstate__(self):
        st = dict(self.__dict__)
        del st['cache']
        return st
    def __setstate__(self, st):
        self.__dict__.update(st)
        self.cache = {}
sf = copy.deepcopy(Stateful())
print(sf.a, sf.cache, copy.copy(Stateful()).cache)

class Empty:
    pass
e = copy.copy(Empty())
print(type(e).__name__, vars(e))

print(issubclass(copy.Error, Exception), copy.error is copy.Error)
try:
    raise copy.Error('boom')
except copy.Error as ex:
    print(type(ex).__name__, ex)
