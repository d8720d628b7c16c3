# operator: the operator functions, itemgetter/attrgetter/methodcaller and their errors
import operator
from operator import itemgetter, attrgetter, methodcaller

print(operator.add(2, 3), operator.sub(2, 3), operator.mul(4, 5), operator.truediv(7, 2))
print(operator.floordiv(7, 2), operator.mod(7, 3), operator.pow(2, 10), operator.neg(5), operator.pos(-5))
print(operator.abs(-3.5), operator.add('ab', 'cd'), operator.mul([1], 3))
print(operator.eq(1, 1), operator.ne(1, 1), operator.lt(1, 2), operator.le(2, 2), operator.gt(1, 2), operator.ge(3, 2))
print(operator.not_(0), operator.not_([1]), operator.truth([]), operator.truth('x'))
print(operator.is_(None, None), operator.is_not(None, 0))
print(operator.and_(12, 10), operator.or_(12, 10), operator.xor(12, 10), operator.invert(5), operator.inv(0))
print(operator.lshift(1, 4), operator.rshift(256, 3))
print(operator.and_({1, 2}, {2, 3}), operator.or_({1}, {2}))
print(operator.concat([1, 2], [3]), operator.concat('a', 'b'), operator.concat((1,), (2,)))
print(operator.contains([1, 2, 3], 2), operator.contains('abc', 'd'))
print(operator.countOf([1, 2, 1, 1], 1), operator.indexOf('abc', 'c'))
print(operator.index(7), operator.index(True))

class V:
    def __init__(self, x):
        self.x = x
    def __matmul__(self, other):
        return self.x * other.x
    def __index__(self):
        return 42
print(operator.matmul(V(3), V(4)), operator.index(V(0)))

d = {'a': 1}
operator.setitem(d, 'b', 2)
print(d, operator.getitem(d, 'b'))
operator.delitem(d, 'a')
print(d)
lst = [5, 6, 7, 8]
print(operator.getitem(lst, 1), operator.getitem(lst, slice(1, 3)))
operator.setitem(lst, 0, 9)
operator.delitem(lst, slice(2, 4))
print(lst)

# reduce-style and sort-key uses
from functools import reduce
print(reduce(operator.mul, [1, 2, 3, 4]), reduce(operator.add, ['a', 'b', 'c']))
print(list(map(operator.sub, [10, 20], [1, 2])))

pairs = [('b', 2), ('a', 3), ('c', 1)]
print(sorted(pairs, key=itemgetter(1)))
print(sorted(pairs, key=itemgetter(0)))
g = itemgetter(2, 0)
print(g('abcd'), g([10, 20, 30]))
print(itemgetter('k')({'k': 'v'}))
print(repr(itemgetter(1)), repr(itemgetter('a', 2)))

class P:
    def __init__(self, name, inner=None):
        self.name = name
        self.inner = inner
p = P('outer', P('inner'))
print(attrgetter('name')(p), attrgetter('inner.name')(p), attrgetter('name', 'inner.name')(p))
print(repr(attrgetter('name')), repr(attrgetter('a', 'b.c')))
print([x.name for x in sorted([P('z'), P('m'), P('q')], key=attrgetter('name'))])

m = methodcaller('upper')
print(m('abc'), methodcaller('split', ',')('a,b,c'), methodcaller('replace', 'a', 'o')('banana'))
print(methodcaller('get', 'x', 0)({'y': 1}))
print(repr(m), repr(methodcaller('split', ',', maxsplit=1)))
print(methodcaller('split', ',', maxsplit=1)('a,b,c'))

for f, args in [(operator.truediv, (1, 0)), (operator.floordiv, (1, 0)), (operator.mod, (1, 0)),
                (operator.add, (1, 'a')), (operator.getitem, ([1], 5)), (operator.getitem, ({}, 'k')),
                (operator.index, (1.5,)), (operator.neg, ('s',)), (operator.concat, (1, 2)),
                (operator.indexOf, ([1, 2], 3)), (operator.lt, (1, 'a')), (operator.delitem, ({}, 1))]:
    try:
        f(*args)
    except Exception as e:
        print(f.__name__, type(e).__name__, e)
try:
    attrgetter('nope')(p)
except AttributeError as e:
    print('AttributeError', e)
try:
    attrgetter('inner.nope')(p)
except AttributeError as e:
    print('AttributeError', e)
try:
    attrgetter(1)
except TypeError as e:
    print('TypeError', e)
try:
    methodcaller(1)
except TypeError as e:
    print('TypeError', e)
try:
    methodcaller('nope')(3)
except AttributeError as e:
    print('AttributeError', e)
