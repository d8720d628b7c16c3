# deque subclasses (own __init__, extra attributes, copy/pickle through the class), re-running
# __init__, and CPython's iterator rules: mutation checks, reverse(), item assignment
from collections import deque
import copy, pickle

def err(f):
    try:
        print('ok', f())
    except Exception as e:
        print(type(e).__name__, e)

class Q(deque):
    def __init__(self, name, items=()):
        super().__init__(items, 4)
        self.name = name
    def __repr__(self):
        return f'Q<{self.name}>{list(self)}'

q = Q('a', range(6))
print(q, q.maxlen, len(q), isinstance(q, deque), type(q).__mro__[1].__name__)
q.appendleft(-1); print(q, q.name, 'name' in vars(q))
err(lambda: q.copy())          # deque_copy calls Q(q, 4): q is not a name
err(lambda: q + deque([1]))

class Plain(deque):
    pass

p = Plain('abc', 5)
p.tag = 1
c = copy.copy(p); print(type(c).__name__, c, c.maxlen, getattr(c, 'tag', None))
c2 = copy.deepcopy(p); print(type(c2).__name__, c2, c2.tag)
c3 = pickle.loads(pickle.dumps(p)); print(type(c3).__name__, c3, c3.maxlen, c3.tag)
print(p * 2, type(p * 2).__name__, type(p + p).__name__, p == deque('abc'))

class NoInit(deque):
    def __init__(self):
        self.n = 0   # deque.__init__ never runs: the deque is still usable

n = NoInit()
n.append(1); n.extend([2, 3]); print(n, n.maxlen, n.n)

class Count(deque):
    def append(self, x):
        super().append(x * 10)

k = Count([1, 2])
k.append(3); k.extend([4]); print(k)   # extend does not go through append

class Weird(deque):
    def __init__(self, *a):
        pass

err(lambda: Weird([1, 2]).copy())

# __init__ again clears and resets maxlen
d = deque([1, 2, 3], maxlen=5)
d.__init__('xy')
print(d, d.maxlen)
d.__init__(d)
print(d)
d = deque([1, 2, 3])
d.__init__(range(4), 2)
print(d, d.maxlen)

# iterators
d = deque(range(5))
it = iter(d)
print(next(it), next(it))
d.reverse()
print(list(it))                  # reverse() is no mutation for the iterator
d = deque(range(5))
it = iter(d)
next(it)
d[1] = 'X'
print(list(it))
it = iter(d)
next(it)
d.append(9)
err(lambda: next(it))
err(lambda: next(it))            # raises again, as CPython's
rit = reversed(d)
print(next(rit))
d.appendleft(0)
err(lambda: next(rit))
err(lambda: next(rit))           # the reverse iterator is spent after the error
e = deque([1])
rit = reversed(e)
print(next(rit))
e.append(2)
err(lambda: next(rit))           # at its end the reverse iterator checks nothing
for op in ('rotate', 'pop', 'popleft', 'clear', 'insert', 'remove', 'delitem', 'extend', 'iadd', 'imul'):
    d = deque(range(4))
    it = iter(d)
    next(it)
    {'rotate': lambda: d.rotate(2), 'pop': d.pop, 'popleft': d.popleft, 'clear': d.clear,
     'insert': lambda: d.insert(1, 5), 'remove': lambda: d.remove(2),
     'delitem': lambda: d.__delitem__(1), 'extend': lambda: d.extend([]),
     'iadd': lambda: d.__iadd__([7]), 'imul': lambda: d.__imul__(2)}[op]()
    err(lambda: (op, list(it)))
# an empty extend or a rotation of a single item changes nothing
d = deque([1])
it = iter(d)
d.rotate(5)
d.extend(())
print(list(it))
# iterating while appending through a bounded deque
d = deque(range(3), maxlen=3)
out = []
try:
    for x in d:
        out.append(x)
        d.append(x + 10)
except RuntimeError as ex:
    print('RuntimeError', ex, out, d)
# comparisons whose __eq__ mutates the other deque
class E:
    def __init__(self, v, victim=None):
        self.v, self.victim = v, victim
    def __eq__(self, o):
        if self.victim is not None:
            self.victim.clear()
            self.victim = None
        return self.v == getattr(o, 'v', o)
    __hash__ = None
    def __repr__(self):
        return 'E%r' % self.v
b = deque([E(1), E(2)])
a = deque([E(1, b), E(2)])
err(lambda: a == b)
print(a, b)

# the hot methods as bound and unbound methods, through super(), and their argument errors
d = deque()
err(lambda: d.append())
err(lambda: d.append(1, 2))
err(lambda: d.append(x=1))
err(lambda: d.pop(1))
err(lambda: d.popleft())
err(lambda: deque.append(5, 1))
deque.append(d, 3); deque.appendleft(d, 2); print(d, deque.pop(d), d.popleft(), d)
class S(deque):
    def append(self, x):
        super().append(x + 1)
    def pop(self):
        return ('popped', super().pop())
s = S([1]); s.append(5); print(s, s.pop(), s.popleft())
f = d.append; f(9); print(d, callable(f), deque.append.__name__, d.popleft.__name__)

# index(): the state is taken before start and stop are converted (their __index__ may mutate)
class Ix:
    def __init__(self, v, act=None):
        self.v, self.act = v, act
    def __index__(self):
        a, self.act = self.act, None
        if a:
            a()
        return self.v
for name in ('append', 'pop', 'reverse'):   # (rotate: CPython then reads its stale block position)
    d = deque(range(6))
    act = {'append': lambda: d.append(9), 'pop': d.pop, 'rotate': lambda: d.rotate(1),
           'reverse': d.reverse}[name]
    err(lambda: d.index(4, Ix(1, act), Ix(5)))
    d = deque(range(6))
    act = {'append': lambda: d.append(9), 'pop': d.pop, 'rotate': lambda: d.rotate(1),
           'reverse': d.reverse}[name]
    err(lambda: d.index(2, Ix(2), Ix(9, act)))   # found at the first comparison: no error
    d = deque(range(6))
    err(lambda: d.index(3, Ix(4, lambda: d.append(1)), Ix(2)))   # an empty range: ValueError
