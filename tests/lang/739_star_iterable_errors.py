# TypeErrors of starred arguments and displays, as CPython 3.11 words them: "Value after *
# must be an iterable" only for a type that cannot be iterated at all (a TypeError raised by
# __iter__, or `__iter__ = None`, stays as raised); a lone f(*x) names the callee, f(1, *x)
# builds the argument list first and words it as a display does.
def t(label, f):
    try:
        r = f()
        print(label, '->', repr(r))
    except Exception as e:
        print(label, '!!', type(e).__name__, e)
class X:
    def __iter__(self): raise TypeError('boom')
class It:
    __iter__ = None
class GI:
    def __getitem__(self, i):
        if i < 2: return i
        raise IndexError
def f(*a): return a
t('list star boom', lambda: [*X()])
t('list star none', lambda: [*It()])
t('list star obj', lambda: [*object()])
t('list star gi', lambda: [*GI()])
t('tuple star boom', lambda: (*X(),))
t('set star none', lambda: {*It()})
t('call star boom', lambda: f(*X()))
t('call star none', lambda: f(*It()))
t('call star obj', lambda: f(*object()))
t('call star int', lambda: f(1, *5))
def unp():
    a, *b = X()
t('unpack boom', unp)
def unp2():
    a, b = It()
t('unpack none', unp2)
def unp3():
    a, b = 5
t('unpack int', unp3)
def forx():
    for i in It(): pass
t('for none', forx)
t('yield from', lambda: list((lambda: (yield from It()))()))
for src in ["f(*5)", "f(1, *5)", "f(*5, 1)", "f(*[1], *5)", "print(*5)", "f(*X())", "f(1, *X())", "f(*It())", "f(1, *It())", "[1, *5]", "len(*5)", "f(**5)", "f(x=1, **5)", "{**5}", "{'a': 1, **5}", "f(*5, x=1)", "f(1, *5, x=1)", "(*It(),)", "[*X()]"]:
    try:
        eval(src)
    except TypeError as e:
        print(src, '!!', e)
import collections, re, itertools, array
print([*range(3)], [*{1: 2}.items()], [*{1: 2}], [*{1: 2}.values()], [*map(str, [1])], [*zip([1], [2])])
print([*"ab"], [*b"ab"], [*bytearray(b"a")], [*memoryview(b"ab")], [*enumerate("a")], [*reversed([1, 2])])
print([*collections.deque([1])], [*collections.OrderedDict(a=1)], [*(x for x in [1])], [*iter([5])])
print([*re.finditer("a", "aa")].__len__(), [*itertools.count()][:0] if False else 0, [*array.array('i', [1, 2])])
import sys
print([*sys.argv][:0], [*collections.Counter("ab")], [*collections.defaultdict(int, a=1)], [*itertools.repeat(1, 2)])
