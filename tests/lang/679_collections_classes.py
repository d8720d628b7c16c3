# collections: defaultdict/OrderedDict/Counter as dict subclasses, deque, ChainMap, UserDict/
# UserList/UserString: reprs, methods, arithmetic, equality, errors as CPython 3.11.
from collections import defaultdict, OrderedDict, Counter, deque, ChainMap, UserDict, UserList, UserString

d = defaultdict(list)
for k, v in [("a", 1), ("b", 2), ("a", 3)]:
    d[k].append(v)
print(d, isinstance(d, dict), type(d).__name__, d.default_factory)
print(d["zz"], len(d), "zz" in d, d.get("nope"), "nope" in d)
d2 = d.copy()
print(type(d2).__name__, d2 == d, d2 is d, d2.default_factory is list)
dn = defaultdict()
print(dn, repr(dn))
try:
    dn["x"]
except KeyError as e:
    print("KeyError", e)
try:
    defaultdict(5)
except TypeError as e:
    print("TypeError:", e)
di = defaultdict(int, {"x": 1}, y=2)
di["z"] += 5
print(di, sorted(di.items()), dict(di))
print(defaultdict(lambda: "v", a=1) == {"a": 1})
print(di | {"q": 9})
nested = defaultdict(lambda: defaultdict(int))
nested["a"]["b"] += 1
print(dict(nested["a"]), list(nested))

od = OrderedDict()
od["b"] = 1
od["a"] = 2
od["c"] = 3
print(od, list(od), list(reversed(od)))
od.move_to_end("b")
print(list(od.keys()))
od.move_to_end("b", last=False)
print(list(od.items()))
print(od.popitem(), od.popitem(last=False), od)
o1 = OrderedDict([("x", 1), ("y", 2)])
o2 = OrderedDict([("y", 2), ("x", 1)])
print(o1 == o2, o1 == dict(o2), dict(o1) == o2, o1 != o2)
print(OrderedDict(), OrderedDict.fromkeys("abc", 0), isinstance(o1, dict))
try:
    OrderedDict().popitem()
except KeyError as e:
    print("KeyError", e)
print(o1 | {"z": 3}, o1.copy(), type(o1.copy()).__name__)

c = Counter("abracadabra")
print(c)
print(c.most_common(2), c.most_common(), c.total(), c["zz"], "zz" in c)
print(sorted(c.elements()))
c2 = Counter(a=1, b=10, q=-2)
print(c + c2, c - c2, c | c2, c & c2, +c2, -c2)
c.update("aaz")
c.subtract({"b": 5})
print(c, len(c))
del c["nothere"]
print(Counter(), Counter({"x": 2}) == Counter(x=2, y=0), Counter(a=1) == {"a": 1})
c3 = Counter(a=3)
c3 += Counter(a=-5, b=1)
print(c3)
print(Counter("aab") <= Counter("aabb"), Counter("aab") < Counter("aab"))
try:
    Counter.fromkeys("ab")
except NotImplementedError as e:
    print("NotImplementedError:", e)
words = "the cat and the hat and the bat".split()
print(Counter(words).most_common(3))

q = deque([1, 2, 3], maxlen=4)
q.append(4); q.append(5)
print(q, q.maxlen, len(q))
q.appendleft(0)
print(q)
q.rotate(1); print(q)
q.rotate(-2); print(q)
q.extendleft([9, 8]); print(q)
print(q.pop(), q.popleft(), q, q[0], q[-1], 3 in q, q.index(q[0]), q.count(9))
q2 = deque("abc")
q2.reverse(); print(q2, list(reversed(q2)), q2 == deque("cba"), q2 + deque("x"))
q2[1] = "Z"; del q2[0]; print(q2, q2 * 2, bool(deque()))
try:
    deque().pop()
except IndexError as e:
    print("IndexError:", e)
try:
    deque([1], maxlen=1).insert(0, 2)
except IndexError as e:
    print("IndexError:", e)
try:
    q2[10]
except IndexError as e:
    print("IndexError:", e)
print(deque(range(3), maxlen=0), deque())

cm = ChainMap({"a": 1}, {"a": 2, "b": 3})
print(cm["a"], cm["b"], len(cm), sorted(cm), cm.get("z", 0), "b" in cm)
cm["c"] = 4
print(cm, cm.maps)
child = cm.new_child({"a": 100})
print(child["a"], child.parents["a"], dict(child))
try:
    del cm["b"]
except KeyError as e:
    print("KeyError:", e)

ud = UserDict(a=1)
ud["b"] = 2
print(ud, len(ud), ud.data, isinstance(ud, dict), "a" in ud, ud == {"a": 1, "b": 2})
ul = UserList([3, 1, 2])
ul.append(0); ul.sort()
print(ul, ul[1:], type(ul[1:]).__name__, ul + [9], len(ul), ul == [0, 1, 2, 3])
us = UserString("Hello")
print(us, repr(us), us.upper(), type(us.upper()).__name__, us + "!", len(us), "ell" in us, us[1:3], us.split("l"))

from collections.abc import Mapping, MutableMapping, Sequence, MutableSequence
print(isinstance(d, MutableMapping), isinstance(od, Mapping), isinstance(c, dict), isinstance(q, MutableSequence),
      isinstance(cm, MutableMapping), isinstance(ul, Sequence), isinstance(ud, Mapping))
