# copy.copy / copy.deepcopy / pickle of dict, list, set, tuple, int and str subclasses through
# the reduce protocol: items, attributes, memo cycles, __getstate__/__setstate__,
# __copy__/__deepcopy__, __reduce__/__reduce_ex__, __getnewargs(_ex)__, copyreg.dispatch_table
import copy, copyreg, pickle, collections

def show(tag, r):
    # the attributes of the classes defined here (Sable's deque and defaultdict keep their own
    # fields in the instance __dict__: _l, _maxlen, _state, default_factory)
    a = '-'
    if type(r).__module__ == '__main__':
        a = sorted((k, v) for k, v in vars(r).items() if k[0] != '_' and k != 'default_factory')
    print(tag, type(r).__name__, r, a)

class D(dict):
    pass
class L(list):
    pass
class S(set):
    pass
class FS(frozenset):
    pass
class T(tuple):
    pass
class I(int):
    pass
class Str(str):
    pass

d = D(a=1, b=[2]); d.x = [5]
l = L([1, [2]]); l.y = 6
s = S({1, 2}); s.z = 7
fs = FS({3}); fs.w = 1
t = T((1, [2])); t.q = 3
i = I(5); i.k = 'k'
st = Str('hi'); st.m = 0
for o in (d, l, s, fs, t, i, st):
    c = copy.copy(o)
    show('copy', c)
    dc = copy.deepcopy(o)
    show('deep', dc)
    print('  shared', c.__dict__ is o.__dict__, dc.__dict__ == o.__dict__, dc is o)
    for proto in range(pickle.HIGHEST_PROTOCOL + 1):
        show('  pickle%d' % proto, pickle.loads(pickle.dumps(o, proto)))

# deep copies are deep; shallow ones share the items
print(copy.copy(d)['b'] is d['b'], copy.deepcopy(d)['b'] is d['b'], copy.deepcopy(d).x is d.x)
print(copy.copy(l)[1] is l[1], copy.deepcopy(l)[1] is l[1])

# a cycle through a subclass and a shared member
d2 = D(); d2['self'] = d2; d2.me = d2; lst = [1]; d2['a'] = lst; d2['b'] = lst
c2 = copy.deepcopy(d2)
print(c2['self'] is c2, c2.me is c2, c2['a'] is c2['b'], c2['a'] is lst)
l2 = L(); l2.append(l2); l2.attr = l2
c3 = copy.deepcopy(l2)
print(c3[0] is c3, c3.attr is c3, type(c3).__name__)
r = pickle.loads(pickle.dumps(d2))
print(r['self'] is r, r.me is r, r['a'] is r['b'])
memo = {}
x = copy.deepcopy([d, d], memo)
print(x[0] is x[1], id(d) in memo)

# __getstate__ / __setstate__ on a dict subclass
class G(dict):
    def __getstate__(self):
        print('  getstate', sorted(self.__dict__))
        return {'state': sorted(self.__dict__)}
    def __setstate__(self, st):
        print('  setstate', st)
        self.restored = st
g = G(k=1); g.a = 1
for r in (copy.copy(g), copy.deepcopy(g), pickle.loads(pickle.dumps(g))):
    show('G', r)

# __copy__ / __deepcopy__ win over the reduction
class C(list):
    def __copy__(self):
        return 'copied'
    def __deepcopy__(self, memo):
        return 'deep ' + str(type(memo).__name__)
print(copy.copy(C([1])), copy.deepcopy(C([1])))

# __reduce__ and __reduce_ex__
class R(dict):
    def __reduce__(self):
        return (R, (), {'r': 1}, None, iter([('k', 'v')]))
class RX(list):
    def __reduce_ex__(self, proto):
        print('  reduce_ex', proto)
        return (RX, (), None, iter([proto]))
show('R', copy.copy(R(a=1)))
show('RX', copy.deepcopy(RX([1])))
show('RXp', pickle.loads(pickle.dumps(RX([1]), 2)))
class Named:
    def __reduce__(self):
        return 'Named'
n = Named()
print(copy.copy(n) is n, copy.deepcopy(n) is n)

# __getnewargs__ / __getnewargs_ex__
class NA(tuple):
    def __new__(cls, a, b=0):
        return super().__new__(cls, (a, b))
    def __getnewargs__(self):
        return (self[0], self[1])
class NX:
    def __new__(cls, a, *, b):
        o = super().__new__(cls)
        o.args = (a, b)
        return o
    def __init__(self, a, *, b):
        pass
    def __getnewargs_ex__(self):
        return (self.args[0],), {'b': self.args[1]}
    def __repr__(self):
        return 'NX%r' % (self.args,)
show('NA', copy.deepcopy(NA(1, 2)))
show('NX', copy.copy(NX(1, b=2)))
show('NXp', pickle.loads(pickle.dumps(NX(3, b=4), 4)))

# copyreg.dispatch_table
class P:
    def __init__(self, v):
        self.v = v
    def __repr__(self):
        return 'P(%r)' % self.v
def reduce_p(p):
    print('  reduce_p', p.v)
    return (P, (p.v * 10,))
copyreg.pickle(P, reduce_p)
show('P', copy.copy(P(1)))
show('P', copy.deepcopy(P(2)))
show('Pp', pickle.loads(pickle.dumps(P(3))))
del copyreg.dispatch_table[P]
show('P', copy.copy(P(4)))
try:
    copyreg.pickle(P, 5)
except TypeError as e:
    print('TypeError', e)

# the collections classes and their subclasses
class OD(collections.OrderedDict):
    pass
od = OD(b=1, a=[2]); od.tag = 't'
cn = collections.Counter('abracadabra')
dd = collections.defaultdict(list, a=[1]); dd['b'].append(2)
dq = collections.deque([[1], 2], maxlen=5)
class CS(collections.Counter):
    pass
cs = CS('aab'); cs.note = 1
class DD(collections.defaultdict):
    pass
ddn = DD(None, a=1); ddn.lost = 1
class DQ(collections.deque):
    pass
dqs = DQ([1, [2]]); dqs.kept = 1
for o in (od, cn, dd, dq, cs, collections.OrderedDict(x=[1]), ddn, dqs):
    for f in (copy.copy, copy.deepcopy, lambda o: pickle.loads(pickle.dumps(o))):
        r = f(o)
        show(' ', r)
print(copy.deepcopy(dq)[0] is dq[0], copy.copy(dq)[0] is dq[0], copy.deepcopy(dd)['a'] is dd['a'])
print(copy.deepcopy(od)['a'] is od['a'], copy.copy(od)['a'] is od['a'])

# errors
def gen():
    yield 1
for f in (copy.copy, copy.deepcopy, pickle.dumps):
    try:
        f(gen())
    except Exception as e:
        print(type(e).__name__, e)
class Bad(dict):
    def __reduce__(self):
        return 42
for f in (copy.copy, copy.deepcopy):
    try:
        f(Bad())
    except Exception as e:
        print(type(e).__name__)
print(copy.copy(b'ab'), copy.deepcopy(b'ab'), copy.copy(bytearray(b'x')), copy.deepcopy(frozenset({1})))
print(copy.Error is copy.error, issubclass(copy.Error, Exception))
