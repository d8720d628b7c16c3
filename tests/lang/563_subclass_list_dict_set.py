# list, dict, set and frozenset subclasses
class Stack(list):
    def push(self, x):
        self.append(x)
    def peek(self):
        return self[-1]

s = Stack([1, 2])
s.push(3)
s += [4]
s.extend((5,))
print(s, s.peek(), len(s), type(s).__name__, isinstance(s, list), s == [1, 2, 3, 4, 5], s[1:3])
print(type(s + [6]).__name__, s * 1, sorted(s, reverse=True), s.pop(), s, list(reversed(s)))
s[0] = 10
del s[1]
print(s, 10 in s, s.index(3), Stack(), Stack(range(3)), bool(Stack()))

class Counted(list):
    def __init__(self, n):
        super().__init__(range(n))
        self.n = n
    def __len__(self):
        return self.n * 100

c = Counted(3)
print(c, len(c), c.n, sum(c), list(c))

class Default(dict):
    def __missing__(self, key):
        return f"<{key}>"

d = Default(a=1)
d["b"] = 2
print(d, d["a"], d["zz"], "zz" in d, len(d), d.get("zz"), type(d).__name__, dict(d), d == {"a": 1, "b": 2})
print(sorted(d.items()), type(d | {"c": 3}).__name__, Default({"x": 1}, y=2))
d |= {"q": 0}
print(d, type(d).__name__)

class Attrs(dict):
    def __getattr__(self, name):
        return self[name]

at = Attrs(one=1)
print(at.one, at)

class Tags(set):
    pass

t = Tags([3, 1])
t.add(2)
t |= {9}
print(sorted(t), len(t), 2 in t, type(t | {5}).__name__, t == {1, 2, 3, 9}, Tags(), type(t).__name__)

class Frozen(frozenset):
    pass

f = Frozen([1, 2])
print(f, Frozen(), hash(f) == hash(frozenset([1, 2])), f | {3}, type(f | {3}).__name__, f < {1, 2, 3})
