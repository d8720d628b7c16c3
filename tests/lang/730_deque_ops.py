# collections.deque's operations at both ends, maxlen, rotate, indexing, and the sequence methods
from collections import deque
import copy, pickle

def show(*a):
    print(*a)

def err(f):
    try:
        r = f()
        print('ok', r)
    except Exception as e:
        print(type(e).__name__, e)

def errt(f):
    # the type only: the message names the class 'collections.deque' in CPython
    try:
        print('ok', f())
    except Exception as e:
        print(type(e).__name__)

d = deque()
for i in range(10):
    d.append(i)
    d.appendleft(-i)
show(d, len(d), bool(d), bool(deque()))
show(d.pop(), d.popleft(), d)
err(lambda: deque().pop())
err(lambda: deque().popleft())

# maxlen at both ends, extend and extendleft
m = deque(range(5), maxlen=3)
show(m, m.maxlen)
m.append(9); show(m)
m.appendleft(8); show(m)
m.extend('ab'); show(m)
m.extendleft('xyz'); show(m)
z = deque([1, 2], maxlen=0)
z.append(1); z.appendleft(2); z.extend(range(5)); show(z, len(z))
err(lambda: deque([], -1))
err(lambda: deque([], 'a'))
err(lambda: deque([], 2.5))
show(deque(maxlen=None).maxlen, deque('abc', 2))
err(lambda: setattr(deque(), 'maxlen', 3))
err(lambda: delattr(deque(), 'maxlen'))

# extend by itself
e = deque([1, 2, 3]); e.extend(e); show(e)
e = deque([1, 2, 3]); e.extendleft(e); show(e)
e = deque([1, 2, 3], maxlen=4); e.extend(e); show(e)
e = deque([1, 2, 3]); e += e; show(e)

# rotate
for n in (0, 1, -1, 2, -2, 7, -7, 100, -101):
    r = deque(range(7)); r.rotate(n); show('rotate', n, list(r))
r = deque(range(8)); r.rotate(); show(list(r))
r = deque(); r.rotate(5); show(r)
err(lambda: deque([1]).rotate('x'))
err(lambda: deque([1]).rotate(1.0))
# rotate of a deque whose buffer has wrapped around
r = deque(range(5))
for i in range(20):
    r.append(r.popleft() * 2 % 17)
    r.rotate(3)
    r.appendleft(i); r.pop()
show(r)

# indexing, assignment, deletion
x = deque('abcdefgh')
show(x[0], x[-1], x[3], x[-8])
err(lambda: x[8]); err(lambda: x[-9]); err(lambda: x['a']); err(lambda: x[1:2])
err(lambda: x[2**70])
x[2] = 'C'; x[-1] = 'H'; show(x)
del x[0]; del x[-1]; del x[3]; show(x)
err(lambda: x.__delitem__(10))
class I:
    def __index__(self):
        return 1
show(x[I()], x[True])

# insert
for i in (-100, -3, -1, 0, 1, 2, 3, 100):
    y = deque([0, 1, 2, 3]); y.insert(i, 'X'); show('insert', i, list(y))
err(lambda: deque([1, 2], maxlen=2).insert(0, 5))
y = deque([1], maxlen=3); y.insert(5, 2); y.insert(-5, 0); show(y)
err(lambda: deque().insert('a', 1))

# index / count / remove / in
w = deque([1, 2, 3, 2, 1, 2])
show(w.index(2), w.index(2, 2), w.index(2, -3), w.index(1, 1, 5), w.count(2), w.count(9), 3 in w, 9 in w)
err(lambda: w.index(3, 3)); err(lambda: w.index(9)); err(lambda: w.index(1, 'a'))
err(lambda: w.index(1, 1, 2, 3))
show(w.index(2, -100, 100), w.index(1, 2**80 - 2**80 - 3))
w.remove(2); show(w)
err(lambda: w.remove(7))
nan = float('nan'); show(nan in deque([nan]), deque([nan]).index(nan))

# reverse, copy, clear
v = deque(range(6)); v.reverse(); show(v)
c = v.copy(); c.append(99); show(v, c, copy.copy(v), copy.deepcopy(deque([[1], [2]], 5)))
v.clear(); show(v, len(v))
v.clear(); show(v)

# comparisons, +, *, in place
a, b = deque([1, 2, 3]), deque([1, 2, 4])
show(a == b, a != b, a < b, a <= b, a > b, a >= b, a == deque([1, 2, 3]), a < deque([1, 2, 3, 0]))
show(a == [1, 2, 3], deque() == deque(), deque() < deque([0]))
errt(lambda: a < [1])
show(a + b, deque([1], maxlen=2) + deque([2, 3]), a * 2, 2 * a, a * 0, a * -1)
err(lambda: a + [1])
err(lambda: a * 1.5)
mm = deque([1, 2], maxlen=5); mm *= 4; show(mm)
mm = deque([7], maxlen=3); mm *= 10; show(mm)
mm = deque([1, 2, 3]); mm *= 1; show(mm)
mm += [4, 5]; show(mm)
mm += 'ab'; show(mm)
errt(lambda: hash(deque()))

# repr, recursive
rd = deque([1]); rd.append(rd); show(rd)
rl = deque(); rl.append([rl]); show(repr(rl))
show(repr(deque([1, 'a'], maxlen=4)), str(deque()))

# iteration and reversed
it = deque(range(5))
show(list(it), list(reversed(it)), sum(it), max(it), sorted(it, reverse=True), [*it])
show(list(iter(deque())), list(reversed(deque())))
g = iter(it); show(next(g), g.__length_hint__(), list(g))

# pickle and copy
for p in (deque([1, (2, 3), 'x']), deque('abc', maxlen=2), deque()):
    q = pickle.loads(pickle.dumps(p))
    show(q, q.maxlen, type(q).__name__, q == p, p.__reduce__()[:3])
show(deque[int], deque.__class_getitem__(str))
import collections.abc as cabc
show(isinstance(deque(), cabc.MutableSequence), isinstance(deque(), cabc.Sequence), issubclass(deque, cabc.Iterable))
match deque([1, 2]):
    case [a1, b1]:
        show('matched', a1, b1)

# ints beyond the index range
d = deque([1, 2, 3])
err(lambda: d.insert(2**70, 1)); err(lambda: d.rotate(2**70)); err(lambda: d.__delitem__(-2**70))
err(lambda: d.__setitem__(2**64, 0)); err(lambda: d * 2**62); err(lambda: deque([1], 2**70))
err(lambda: deque().__imul__(2**70)); err(lambda: deque([1]) * -2**70)
err(lambda: d.index(1, 2**80)); err(lambda: d.index(1, -2**80, 2**80))
e = deque([1], maxlen=3); e *= 2**62; show(e)
d = deque([1, 2, 3])
err(lambda: d.rotate(1, 2)); err(lambda: d.rotate('x')); err(lambda: d.rotate(n=2)); err(lambda: d.rotate(2.0))
err(lambda: d.extend()); err(lambda: d.extend(1)); err(lambda: d.extendleft(None)); err(lambda: d.clear(1))
err(lambda: deque.rotate([], 1)); err(lambda: deque.extend(d, d)); print(d)
class I:
    def __index__(self):
        d.append(7)
        return 1
d.rotate(I()); print(d)
d.extendleft(d); print(d)
