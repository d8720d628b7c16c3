# the builtin types' slot dunders: wrapper_descriptor / method-wrapper from one table (list.__len__,
# int.__add__ -> NotImplemented for a float, dict.__setitem__ in a subclass, hasattr(x, '__len__'))
print(list.__len__([1, 2]), int.__add__(1, 2), (1).__add__(2.0), (1.5).__add__(2), (2).__radd__(3))
print(int.__eq__(1, 1.0), float.__eq__(1.0, 1), (5).__lt__(7), 'ab'.__mul__(2), (3).__rmul__('x'))
print(str.__getitem__('hello', 1), str.__len__('abc'), 'a'.__add__('b'), 'x'.__contains__('x'))
d = {}
dict.__setitem__(d, 'k', 1)
print(d, dict.__getitem__(d, 'k'), d.__contains__('k'), dict.__len__(d))
dict.__delitem__(d, 'k')
print(d)
class D(dict):
    def __getitem__(self, k):
        return dict.__getitem__(self, k) * 10
    def __setitem__(self, k, v):
        dict.__setitem__(self, k, v + 1)
dd = D()
dd['a'] = 1
print(dd['a'], dict.__getitem__(dd, 'a'), len(dd))
class L(list):
    def __len__(self):
        return list.__len__(self) + 100
    def __iter__(self):
        return list.__iter__(self)
print(len(L([1, 2])), list(L([3, 4])))
class O:
    pass
o = O()
object.__setattr__(o, 'a', 1)
print(o.a, type(object.__new__(O)).__name__)
it = getattr([7, 8], '__iter__')()
print(it.__next__(), next(it))
try:
    it.__next__()
except StopIteration:
    print('StopIteration')
print(hasattr([], '__len__'), hasattr(5, '__len__'), hasattr(len, '__call__'), hasattr((), '__getitem__'))
for x in [[1], (1,), 'ab', {1: 2}, {1}, 5, 2.5, None, range(3)]:
    print(type(x).__name__, hasattr(x, '__len__'), hasattr(x, '__iter__'), hasattr(x, '__getitem__'))
print(type(list.__len__).__name__, type([].__len__).__name__, type(int.__add__).__name__)
print(repr(list.__len__), repr(int.__add__), repr(str.__getitem__))
print('__len__' in dir(list), '__add__' in dir(int), '__iter__' in dir(dict), '__len__' in dir(int))
print(list.__len__.__name__, list.__len__.__qualname__, list.__len__.__objclass__)
print((1).__neg__(), (2.5).__abs__(), (5).__invert__(), (0).__bool__(), [].__bool__() if hasattr([], '__bool__') else 'nobool')
print((3).__hash__() == hash(3), 'abc'.__hash__() == hash('abc'))
try:
    list.__len__(5)
except TypeError as e:
    print('TypeError', e)
try:
    int.__add__('a', 1)
except TypeError as e:
    print('TypeError', e)
print({1, 2}.__or__({3}), {1, 2}.__and__({2}), [1].__add__([2]), (1,).__add__((2,)))
l = [1]
print(l.__iadd__([2]) is l, l)
print(set.__sub__({1, 2}, {1}), dict.__or__({1: 2}, {3: 4}))
class MyInt(int):
    pass
print(int.__add__(MyInt(2), 3), MyInt(4).__mul__(2), int.__repr__(MyInt(7)))
f = len.__call__
print(f([1, 2, 3]), 'x'.__format__('>3'), format(5, '03'), (5).__format__('03'))
print(str.__str__('s'), int.__repr__(5), float.__repr__(0.1))
print(NotImplemented is (1).__add__('a'), (1).__sub__(1.0), (2.0).__rsub__(1))
print([k for k in ('__add__', '__sub__', '__mul__', '__mod__') if hasattr('', k)])
print([k for k in ('__add__', '__sub__', '__or__', '__and__', '__xor__') if hasattr(frozenset(), k)])

# argument checks and edge cases of the wrappers
class MyI(int):
    pass
def t(src):
    try:
        r = eval(src)
        print(src, '->', r if not callable(r) else type(r).__name__)
    except BaseException as e:
        print(src, 'ERR', type(e).__name__, e)
t("list.__len__()")
t("list.__len__([1], 2)")
t("list.__len__(x=1)")
t("[].__len__(1)")
t("list.__getitem__([1,2], slice(0,1))")
t("int.__add__(True, 1)")
t("bool.__add__(True, 1)")
t("float.__add__(1.5, 2)")
t("float.__floordiv__(7.0, 0)")
t("int.__truediv__(1, 0)")
t("str.__mod__('%d', 5)")
t("str.__rmod__('%d', 5)")
t("(5).__pow__(2)")
t("tuple.__hash__((1,2)) == hash((1,2))")
t("type(None).__eq__(None, None)")
t("None.__bool__()")
t("range(5).__len__()")
t("range.__getitem__(range(5), 2)")
t("(1).__lt__(None)")
t("'a'.__lt__(1)")
t("[1].__eq__(5)")
t("list.__iter__")
t("len.__call__([1], x=2)")
t("(lambda: 1).__call__()")
t("int.__neg__(MyI(3))")
t("dict.__contains__({1:2}, [])")
t("set.__contains__({1}, [])")
t("list.__setitem__([1], 5, 0)")
t("list.__delitem__([1], 0)")
t("bytes.__add__(b'a', b'b')")
t("bytearray.__iadd__(bytearray(b'a'), b'b')")
t("dict.__or__({1: 2}, 5)")
t("frozenset.__or__(frozenset({1}), {2})")

# __hash__ is None on the types that compare but do not hash
for t in (list, dict, set, bytearray, type({}.keys()), type({}.values()), type({}.items()), frozenset, tuple, range, slice, object, int, str):
    print(t.__name__, t.__dict__.get('__hash__', 'absent') is None, '__hash__' in t.__dict__)
class A(list):
    pass
class B(list):
    def __hash__(self):
        return 7
print(A.__hash__ is None, hash(B()), hash((1, 2)) == tuple.__hash__((1, 2)))
try:
    hash(A())
except TypeError as e:
    print('TypeError', e)

# the number protocol's conversions on int and float: __int__, __index__, __round__, __divmod__, ...
class MyF(float):
    pass
for e in ['(7).__int__()', '(2.7).__int__()', '(3).__float__()', '(5).__index__()', 'True.__index__()',
          '(2.5).__round__()', '(3.5).__round__()', '(2.567).__round__(2)', '(1234).__round__(-2)',
          '(7).__divmod__(2)', '(7.5).__divmod__(2)', '(7).__rdivmod__(20)', '(7).__divmod__(2.0)',
          '(-2.5).__floor__()', '(-2.5).__ceil__()', '(-2.5).__trunc__()', '(9).__floor__()',
          'float("nan").__floor__()', 'float("inf").__int__()', '(1e300).__trunc__()',
          'MyF(2.5).__floor__()', 'hasattr(3, "__index__")', 'hasattr(3.0, "__index__")',
          'range(0).__bool__()', "''.__len__()", 'hasattr("", "__bool__")', '(5).__divmod__(0)',
          'int.__index__(True)', 'float.__float__(MyF(1.5))']:
    try:
        print(e, '->', repr(eval(e)))
    except Exception as ex:
        print(e, 'ERR', type(ex).__name__, ex)
import math
print(math.floor(2.5), math.trunc(-3.7), round(2.675, 2))

for e in ["(2).__round__(None)", "(2).__round__(1.5)", "(25).__round__(-1)", "(2.5).__round__(None)", "True.__round__(0)"]:
    try:
        print(e, repr(eval(e)))
    except Exception as x:
        print(e, type(x).__name__, x)
