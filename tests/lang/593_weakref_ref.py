import weakref
class C: pass
c = C()
def cb(r): print("callback", r() is None, r is wr)
wr = weakref.ref(c, cb)
print(wr() is c, weakref.getweakrefcount(c))
r2 = weakref.ref(c)
print(r2 is weakref.ref(c), r2 == wr, hash(r2) == hash(c))
del c
print(wr(), r2())
try:
    weakref.ref(1)
except TypeError as e: print(e)
class D:
    def m(self): return 42
d = D()
p = weakref.proxy(d)
print(p.m())
del d
try: p.m()
except ReferenceError as e: print("ReferenceError", e)
a = C(); b = C(); a.b = b; b.a = a
w = weakref.ref(a, lambda r: print("cycle cb"))
del a, b
import gc; gc.collect()
print(w())
# which objects may be weakly referenced, as CPython 3.11
class I(int): pass
class T(tuple): pass
class L(list): pass
class E(Exception): pass
for v in [I(1), T(), L(), E(), ValueError(), set(), frozenset(), len, (lambda: 0), int, weakref,
          (x for x in []), object(), 1.5, None, b'', "s", [], {}, (1,)]:
    try:
        weakref.ref(v)
        print(type(v).__name__, 'ok')
    except TypeError as e:
        print(e)
x = C()
r1 = weakref.ref(x, lambda r: None)
print(r1 is not weakref.ref(x), weakref.getweakrefcount(x), len(weakref.getweakrefs(x)))
print(r1.__callback__ is not None, weakref.ref(x).__callback__)
dead = weakref.ref(C())
print(dead() is None, dead == dead, dead != weakref.ref(x))
try:
    hash(dead)
except TypeError as e:
    print(e)
px = weakref.proxy(L([1, 2, 3]))
try:
    len(px)
except ReferenceError as e:
    print(e)
keep = L([3, 1, 2])
px = weakref.proxy(keep)
print(len(px), px[0], 2 in px, list(px), px + [9], str(px))
try:
    hash(px)
except TypeError as e:
    print(e)
cp = weakref.proxy(lambda a: a * 2)
def twice(a): return a * 2
cp = weakref.proxy(twice)
print(cp(21), type(cp).__name__, type(px).__name__)
def boom(r):
    raise ValueError("in callback")
class Quiet:
    pass
q = Quiet()
w = weakref.ref(q, lambda r: print("dead", r() is None))
del q
print("after")
