# collections.abc: isinstance on builtins and user classes (register, __subclasshook__), mixins,
# and user Sequence/Mapping subclasses in match patterns.
import collections.abc as cabc
from collections.abc import *
for t in [[1], (1,), "s", b"b", {1: 2}, {1}, frozenset(), range(3), 5, None, len, iter([]), (x for x in []), {}.keys(), print, int]:
    print(type(t).__name__, [n for n in ["Hashable", "Iterable", "Iterator", "Reversible", "Sized", "Container", "Collection", "Callable", "Sequence", "MutableSequence", "Mapping", "MutableMapping", "Set", "MutableSet", "Generator"] if isinstance(t, getattr(cabc, n))])
class MySeq(Sequence):
    def __init__(self, *a): self.a = a
    def __getitem__(self, i): return self.a[i]
    def __len__(self): return len(self.a)
s = MySeq(1, 2, 3)
print(list(s), 2 in s, s.index(3), s.count(1), list(reversed(s)), isinstance(s, Reversible))
match s:
    case [1, *r]: print("matched seq", r)
class MyMap(Mapping):
    def __init__(self, **k): self.d = k
    def __getitem__(self, k): return self.d[k]
    def __len__(self): return len(self.d)
    def __iter__(self): return iter(self.d)
m = MyMap(a=1, b=2)
print(type(m.keys()).__name__, list(m.items()), m.get('z', 0), 'a' in m, m == {'a': 1, 'b': 2})
match m:
    case {"a": 1, **rest}: print("matched map", rest)
class It:
    def __iter__(self): return self
    def __next__(self): raise StopIteration
print(isinstance(It(), Iterator), isinstance(It(), Iterable), issubclass(It, Sized))
class Unhash:
    __hash__ = None
print(isinstance(Unhash(), Hashable), isinstance(object(), Hashable))
class L(list): pass
print(isinstance(L(), MutableSequence), isinstance(L(), Hashable))
