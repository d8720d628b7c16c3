# object.__reduce_ex__, __reduce__ and __getstate__ as CPython 3.11 has them: the reductions of
# plain instances (protocols 0-4), of list/dict/int/str/tuple subclasses, of set, frozenset and
# bytearray, slot values kept apart in the state, overrides that call super(), and copy and
# pickle going through them (a user __reduce_ex__ wrapping object's).
import copy, copyreg, pickle


def name(f):
    return getattr(f, '__qualname__', f)


def show(tag, r):
    if isinstance(r, tuple):
        r = tuple(name(x) if callable(x) and not isinstance(x, type) else x for x in r)
        r = tuple(list(x) if hasattr(x, '__next__') else x for x in r)
    print(tag, r)


class A:
    def __init__(self):
        self.x = 1


a = A()
for p in range(5):
    show('A%d' % p, a.__reduce_ex__(p))
show('A reduce', a.__reduce__())
print('A state', a.__getstate__(), object().__getstate__(), A.__new__(A).__getstate__())
print('same', A.__reduce_ex__ is object.__reduce_ex__, A.__getstate__ is object.__getstate__)
print(sorted(n for n in dir(object) if 'reduce' in n or 'state' in n))
print(sorted(n for n in dir(a) if 'reduce' in n or 'state' in n))


class B(A):
    def __reduce_ex__(self, proto):
        r = super().__reduce_ex__(proto)
        print('  B.__reduce_ex__', proto, name(r[0]))
        return r


b = B()
b.y = [1, 2]
c = copy.copy(b)
print('copy', type(c).__name__, vars(c), c.y is b.y)
d = copy.deepcopy(b)
print('deepcopy', vars(d), d.y is b.y)
for p in range(5):
    e = pickle.loads(pickle.dumps(b, p))
    print('pickle', p, type(e).__name__, vars(e))


class S:
    __slots__ = ('a', 'b')


s = S()
s.a = 1
print('slots state', s.__getstate__())
show('slots 2', s.__reduce_ex__(2))
print('slots copy', copy.copy(s).a, hasattr(copy.copy(s), 'b'))
for p in (2, 4):
    print('slots pickle', p, pickle.loads(pickle.dumps(s, p)).a)
try:
    s.__reduce_ex__(1)
except TypeError as ex:
    print('TypeError', ex)


class SD:
    __slots__ = ('a', '__dict__')


s = SD()
s.a = 1
s.z = 3
print('slots+dict state', s.__getstate__())
t = copy.deepcopy(s)
print('slots+dict copy', t.a, t.z, pickle.loads(pickle.dumps(s)).a)
u = SD()
u.z = 4
print('dict only', u.__getstate__())


class Empty:
    __slots__ = ()


print('empty slots', Empty().__getstate__(), '__slotnames__' in S.__dict__, S.__slotnames__)

show('set', set([1]).__reduce__())
show('frozenset', frozenset([2]).__reduce_ex__(2))
show('bytearray', bytearray(b'ab').__reduce__())
show('bytearray3', bytearray(b'ab').__reduce_ex__(3))


class MyL(list):
    pass


m = MyL([1, 2])
m.q = 1
show('MyL2', m.__reduce_ex__(2))
show('MyL0', m.__reduce_ex__(0))


class MyD(dict):
    pass


show('MyD2', MyD(k=1).__reduce_ex__(2))


class MyI(int):
    pass


show('MyI2', MyI(3).__reduce_ex__(2))
show('MyI1', MyI(3).__reduce_ex__(1))
print('MyI pickle', type(pickle.loads(pickle.dumps(MyI(5), 0))).__name__)


class MyS(str):
    pass


show('MyS2', MyS('hi').__reduce_ex__(2))


class MyT(tuple):
    pass


show('MyT2', MyT((1, 2)).__reduce_ex__(2))


class R:
    def __reduce__(self):
        return (R, ())


show('R', R().__reduce_ex__(2))


class G:
    def __getstate__(self):
        return {'g': 1}


show('G2', G().__reduce_ex__(2))
show('G0', G().__reduce_ex__(0))


class GS:
    def __init__(self):
        self.v = 5

    def __getstate__(self):
        st = super().__getstate__()
        st['extra'] = True
        return st


print('super getstate', GS().__getstate__(), vars(copy.copy(GS())))


class NA:
    def __getnewargs__(self):
        return (1, 2)

    def __new__(cls, *args):
        o = object.__new__(cls)
        o.args = args
        return o


show('newargs', NA().__reduce_ex__(2))


class NK:
    def __getnewargs_ex__(self):
        return ((1,), {'k': 2})

    def __new__(cls, *args, **kw):
        return object.__new__(cls)


show('newargs_ex', NK().__reduce_ex__(4))
show('NK1', NK().__reduce_ex__(1))
for bad in ('x', None):
    try:
        a.__reduce_ex__(bad)
    except TypeError as ex:
        print('TypeError', ex)
print(copyreg.__newobj__(A).__class__.__name__)
