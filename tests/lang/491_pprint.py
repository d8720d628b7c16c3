# pprint: CPython's line breaking for nested containers, strings, options and recursion markers
import pprint
from collections import OrderedDict, defaultdict, Counter, deque

data = {'name': 'sable', 'version': (1, 2, 3), 'tags': ['array', 'language', 'jit', 'grad', 'vmap'],
        'nested': {'a': [1, 2, 3] * 8, 'b': {'x': 1.5, 'y': None, 'z': True}},
        'set': {3, 1, 2}, 'frozen': frozenset({'q'}), 'empty': {}, 'e2': [], 'e3': ()}
pprint.pprint(data)
pprint.pprint(data, width=40)
pprint.pprint(data, width=40, indent=4)
pprint.pprint(data, depth=1)
pprint.pprint(data, depth=2, width=50)
pprint.pprint(list(range(40)), compact=True)
pprint.pprint(list(range(40)), width=30)
pprint.pprint([list(range(10))] * 3, width=30, compact=True)
pprint.pp({'z': 1, 'a': 2, 'm': [3] * 30})
pprint.pprint({'z': 1, 'a': 2, 'm': [3] * 30}, sort_dicts=False)
print(pprint.pformat((1,)), pprint.pformat(('a' * 50, 'b' * 50)))
print(pprint.pformat(('x' * 70,), width=20))

# strings split at whitespace
s = 'the quick brown fox jumps over the lazy dog ' * 4
pprint.pprint(s)
pprint.pprint([s, 'short'], width=50)
pprint.pprint({'key': 'line one\nline two is longer than it needs to be\nline three'}, width=30)
pprint.pprint('nospacesatall' * 10, width=40)

# sets and tuples of tuples
pprint.pprint(set(range(30)))
pprint.pprint(frozenset(range(30)), width=40)
pprint.pprint(tuple((i, str(i) * 3) for i in range(12)), width=40)
pprint.pprint({(1, 2): [1, 2], (0, 5): 'x', (1, 0): None})

# collections
pprint.pprint(OrderedDict((str(i), i) for i in range(12)), width=40)
dd = defaultdict(list)
for i in range(8):
    dd['key%d' % i].append(i)
pprint.pprint(dd, width=40)
pprint.pprint(Counter('abracadabra' * 3), width=20)
pprint.pprint(deque(range(30)), width=40)
pprint.pprint(deque(range(30), maxlen=40), width=40)
print(pprint.pformat(OrderedDict()), pprint.pformat(deque()))

# bytes
pprint.pprint(bytes(range(40)), width=40)
pprint.pprint([b'abcdefgh' * 6], width=40)

# mixed key types sort safely
pprint.pprint({1: 'a', 'b': 2, None: 3, 2.5: 4}, width=20)

# recursion
a = [1, 2]
a.append(a)
r = pprint.pformat(a).replace(str(id(a)), 'ID')
print(r)
d = {'self': None}
d['self'] = d
print(pprint.saferepr(d).replace(str(id(d)), 'ID'))
print(pprint.isrecursive(a), pprint.isrecursive([1, [2]]))
print(pprint.isreadable([1, 'x', (2.0, None)]), pprint.isreadable([object]), pprint.isreadable(a))
print(pprint.saferepr({'b': 1, 'a': [2, 3]}))

# PrettyPrinter objects and subclasses
pp = pprint.PrettyPrinter(indent=2, width=30)
print(pp.pformat({'alpha': list(range(12)), 'beta': 'b'}))
print(pp.isreadable({'a': 1}), pp.isrecursive(a))
class MyList(list):
    pass
class ReprList(list):
    def __repr__(self):
        return 'ReprList!'
pprint.pprint(MyList(range(30)), width=30)
pprint.pprint(ReprList(range(30)), width=5)
class Point:
    def __init__(self, x):
        self.x = x
    def __repr__(self):
        return 'Point(%d)' % self.x
pprint.pprint([Point(i) for i in range(10)], width=30)
print(pprint.pformat(123456789, underscore_numbers=True), pprint.pformat([10**6], underscore_numbers=True))
for bad in [dict(indent=-1), dict(depth=0), dict(width=0)]:
    try:
        pprint.PrettyPrinter(**bad)
    except ValueError as e:
        print(e)
import io
buf = io.StringIO()
pprint.pprint({'x': 1}, stream=buf)
print(repr(buf.getvalue()))
