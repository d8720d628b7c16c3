# Classes: __init__, methods, instance vs class attributes, attribute errors
class Point:
    dims = 2
    def __init__(self, x, y):
        self.x = x
        self.y = y
    def norm2(self):
        return self.x ** 2 + self.y ** 2
    def move(self, dx, dy):
        self.x += dx
        self.y += dy
        return self
    def __repr__(self):
        return f"Point({self.x}, {self.y})"
p = Point(3, 4)
print(p, p.x, p.y, p.norm2(), Point.dims, p.dims)
p.move(1, 1).move(1, 1)
print(p, repr(p), str(p), [p, Point(0, 0)])
p.z = 10
print(p.z, hasattr(p, "z"), hasattr(p, "w"), getattr(p, "w", "default"), getattr(p, "x"))
setattr(p, "x", 100)
print(p.x)
Point.dims = 3
q = Point(0, 0)
print(p.dims, q.dims)
q.dims = 99
print(q.dims, Point.dims, p.dims)
class Counter:
    instances = 0
    def __init__(self):
        Counter.instances += 1
        self.id = Counter.instances
a, b, c = Counter(), Counter(), Counter()
print(Counter.instances, a.id, c.id)
class Stack:
    def __init__(self):
        self.items = []
    def push(self, v):
        self.items.append(v)

    def pop(self):
        return self.items.pop()
    def peek(self):
        return self.items[-1]
    def is_empty(self):
        return not self.items
    def size(self):
        return len(self.items)
s = Stack()
for ch in "abc":
    s.push(ch)
print(s.pop(), s.peek(), s.size(), s.is_empty())
try:
    p.missing
except AttributeError as e:
    print("AttributeError:", e)
try:
    p.missing_method()
except AttributeError as e:
    print("AttributeError:", e)
method = p.norm2
print(method(), Point.norm2(Point(1, 1)))
class Empty:
    pass
e = Empty()
e.value = 5
p0int(e.value, type(e).__name__, isinstance(e, Empty))
class WithDefault:
    def __init__(self, items=None, name="unnamed"):
        self.items = items if items is not None else []
        self.name = name
w1, w2 = WithDefault(), WithDefault([1], name="w2")
w1.items.append(0)
print(w1.items, w1.name, w2.items, w2.name)
try:
    Point(1)
except TypeError as e:
    print("TypeError:", e)
