# dict subclasses' details as CPython 3.11's: __missing__, __reversed__, | and |= on
# OrderedDict/defaultdict/Counter, move_to_end, popitem(last=False), order-sensitive equality
import collections
OD, DD, C = collections.OrderedDict, collections.defaultdict, collections.Counter

def t(label, f, msg=True):
    # msg=False: the exception's type only (CPython names the C classes 'collections.X' there)
    try:
        r = f()
    except Exception as e:
        r = '%s: %s' % (type(e).__name__, e) if msg else type(e).__name__
    print(label, r)

# __missing__
class M(dict):
    def __missing__(self, key):
        return 'missing ' + repr(key)
m = M(a=1)
t('missing', lambda: (m['a'], m['b'], m.get('b'), 'b' in m, len(m)))
class M3(dict):
    def __missing__(self, key):
        raise LookupError('no ' + key)
t('missing raises', lambda: M3()['k'])
dd = DD(list)
dd['a'].append(1)
t('dd', lambda: (dd, dd.get('zz'), 'zz' in dd, dd['b'], dd))
t('dd none', lambda: DD()['x'])
t('dd bad factory', lambda: DD(5))
t('dd missing direct', lambda: DD(int).__missing__('q'))
c = C('hello')
t('counter missing', lambda: (c['z'], 'z' in c, len(c)))

# __reversed__
t('rev od', lambda: list(reversed(OD(a=1, b=2, c=3))))
t('rev od views', lambda: (list(reversed(OD(a=1, b=2).keys())), list(reversed(OD(a=1, b=2).values())), list(reversed(OD(a=1, b=2).items()))))
t('rev dd', lambda: list(reversed(DD(int, x=1, y=2))))
t('rev counter', lambda: list(reversed(C('abca'))))
t('rev dict sub', lambda: list(reversed(M(p=1, q=2))))
t('rev od empty', lambda: list(reversed(OD())))

# | and |=
t('od|od', lambda: OD(a=1, b=2) | OD(b=3, c=4))
t('od|dict', lambda: OD(a=1) | {'z': 0})
t('dict|od', lambda: {'z': 0} | OD(a=1))
t('od|list', lambda: OD(a=1) | [('b', 2)], False)
def ior_od():
    o = OD(a=1)
    o |= [('b', 2)]
    o |= {'a': 9}
    return o
t('od|=', ior_od)
t('dd|dd', lambda: DD(list, a=[1]) | DD(int, b=2))
t('dd|dict', lambda: DD(list, a=[1]) | {'b': 2})
t('dict|dd', lambda: {'b': 2} | DD(list, a=[1]))
t('dd|list', lambda: DD(list) | [1], False)
def ior_dd():
    d = DD(list, a=[1])
    d |= {'b': [2]}
    d |= [('c', [3])]
    return d
t('dd|=', ior_dd)
t('type dd|', lambda: (type(DD(list) | {}).__name__, type({} | DD(list)).__name__, (DD(list) | {}).default_factory, ({} | DD(int)).default_factory))
t('counter|', lambda: C(a=3, b=1) | C(a=1, b=2, c=5))
t('counter&', lambda: C(a=3, b=1) & C(a=1, b=2, c=5))
t('counter+-', lambda: (C(a=3, b=1) + C(a=1, b=-2), C(a=3, b=1) - C(a=1, b=2)))
t('counter|dict', lambda: C(a=1) | {'a': 5})
def ior_c():
    x = C(a=3, b=1)
    x |= C(a=1, b=4)
    x &= C(a=2, b=9)
    x += C(c=1)
    x -= C(a=5)
    return x
t('counter|=', ior_c)
t('counter unary', lambda: (+C(a=1, b=-1, c=0), -C(a=1, b=-1, c=0)))
class SubOD(OD):
    pass
t('sub|', lambda: (type(SubOD(a=1) | {}).__name__, type({} | SubOD(a=1)).__name__))

# move_to_end and popitem
o = OD.fromkeys('abcde')
o.move_to_end('b'); print(list(o))
o.move_to_end('b'); print(list(o))
o.move_to_end('e', last=False); print(list(o))
o.move_to_end('e', last=False); print(list(o))
t('move missing', lambda: o.move_to_end('zz'))
t('move empty', lambda: OD().move_to_end('x'))
t('move kw', lambda: o.move_to_end(key='a', last=0) or list(o))
t('popitem', lambda: (o.popitem(), o.popitem(last=False), o.popitem(False), o.popitem(0), list(o)))
t('popitem empty', lambda: OD().popitem())
t('popitem empty first', lambda: OD().popitem(last=False))
t('dict popitem', lambda: (M(a=1, b=2).popitem(), DD(int, x=1).popitem()))
t('dict popitem empty', lambda: M().popitem())
q = OD()
for i in range(6):
    q[i] = i * i
q.move_to_end(0)
del q[3]
q[3] = 'new'
print(q, list(q.items()), q.popitem(last=False), q.popitem(last=False))

# equality: order-sensitive only between two OrderedDicts
a, b = OD(x=1, y=2), OD(y=2, x=1)
print(a == b, a != b, a == dict(b), dict(b) == a, a == {'y': 2, 'x': 1}, b == OD(y=2, x=1))
print(a.keys() == b.keys(), a.items() == b.items(), list(a.values()) == list(b.values()))
print(SubOD(x=1, y=2) == a, SubOD(y=2, x=1) == a, a == SubOD(y=2, x=1), M(x=1, y=2) == a)
print(C(a=1) == C(a=1, b=0), C(a=1) == {'a': 1}, {'a': 1} == C(a=1), C() == C(z=0))
print(DD(int, a=1) == {'a': 1}, DD(int, a=1) == DD(list, a=1), OD(a=1) == DD(int, a=1))
t('od hash', lambda: hash(OD()), False)
t('counter hash', lambda: hash(C()))

# setdefault / pop / get / update / fromkeys / copy keep the subclass type and order
o = SubOD(b=1)
print(o.setdefault('a', 5), o.setdefault('b', 7), list(o), o.pop('a'), o.pop('zz', 'dflt'))
t('pop missing', lambda: o.pop('zz'))
o.update([('c', 3)], d=4); o.update({'e': 5}); print(o, type(o.copy()).__name__, o.copy() == o)
print(SubOD.fromkeys('xy', 0), type(SubOD.fromkeys('xy')).__name__, C(a=2).copy(), type(DD(int).copy()).__name__)
print(repr(OD()), repr(SubOD()), repr(DD()), repr(C()), repr(DD(None, {1: 2})), str(OD(a=OD(b=1))))
r = OD(); r['self'] = r; print(r)
d2 = DD(list); d2['me'] = d2; print(d2)
print(sorted(C('mississippi').items()), C('mississippi').most_common(2), list(C('abcab').elements()))
print(C(a=2, b=-1).total(), sorted(C('aab') ^ C('abb')) if hasattr(C, '__xor__') else 'no xor')
t('counter fromkeys', lambda: C.fromkeys('ab'))
print(len(OD(a=1).keys()), 'a' in OD(a=1).keys(), ('a', 1) in OD(a=1).items(), 1 in OD(a=1).values())
print(sorted(OD(a=1).keys() | {'b'}), OD(a=1, b=2).keys() & {'b'}, OD(a=1).keys() - {'a'}, OD(a=1).keys() ^ {'a', 'c'})
