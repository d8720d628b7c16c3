import weakref, gc
class C:
    def __init__(self, n): self.n = n
    def __repr__(self): return "C(%d)" % self.n
objs = [C(i) for i in range(5)]
d = weakref.WeakValueDictionary()
for o in objs: d[o.n] = o
print(len(d), sorted(d.keys()))
del objs[1:3]
print(len(d), sorted(d.keys()), d.get(1), d[0])
k = weakref.WeakKeyDictionary()
a, b = C(10), C(11)
k[a] = 'a'; k[b] = 'b'
print(len(k), k[a], a in k)
del a
print(len(k), list(k.values()))
s = weakref.WeakSet([b, objs[0]])
print(len(s), b in s)
del b
print(len(s))
def bye(x): print("finalized", x)
o = C(99)
f = weakref.finalize(o, bye, "o")
print(f.alive)
del o
print(f.alive)
o2 = C(100)
f2 = weakref.finalize(o2, bye, "o2")
print(f2.detach() is not None, f2.alive)
o3 = C(101)
f3 = weakref.finalize(o3, bye, "o3")
f3()
print(f3.alive, f3())
o4 = C(102)
f4 = weakref.finalize(o4, bye, "at exit")
import atexit
atexit.register(print, "atexit handler")
print(weakref.getweakrefcount(o4), type(weakref.ref(o4)).__name__)
print("end")
