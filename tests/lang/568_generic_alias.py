# PEP 585 generics on builtin and collections classes: types.GenericAlias's repr, __origin__,
# __args__, __parameters__, ==/hash, calling constructs the origin, isinstance refuses, | unions.
import collections
import types

x = list[int]
print(x, type(x), type(x) is types.GenericAlias)
print(dict[str, int], tuple[int, ...], set[str], frozenset[bytes], type[int])
print(tuple[()], tuple[int], list[list[int]], dict[str, list[tuple[int, float]]])
print(collections.deque[int], collections.defaultdict[str, int], collections.OrderedDict[str, int])
print(collections.Counter[str], collections.ChainMap[str, int])
print(list[None], list[...], dict[str, "Node"])

print(x.__origin__, x.__args__, x.__parameters__)
print(tuple[int, ...].__args__, tuple[()].__args__, dict[str, int].__args__)
print(collections.deque[int].__origin__ is collections.deque)

# attributes other than the alias's own come from the origin
print(list[int].__name__, dict[str, int].__qualname__, list[int].append is list.append)

# calling constructs the origin
print(list[int]((1, 2)), dict[str, int](a=1), tuple[int, ...]([3, 4]), set[int]())
d = collections.defaultdict[str, list](list)
d['k'].append(1)
print(d, type(d).__name__)
q = collections.deque[int]([1, 2, 3], maxlen=2)
print(q)

# equality and hashing
print(list[int] == list[int], list[int] == list[str], list[int] == list, list[int] != list[str])
print(hash(list[int]) == hash(list[int]), {list[int]: 1}[list[int]])
print(dict[str, int] == dict[str, int], tuple[int, ...] == tuple[int, ...])

# isinstance / issubclass refuse a parameterized generic
for f, a in ((isinstance, [1]), (issubclass, list)):
    try:
        f(a, list[int])
    except TypeError as e:
        print('TypeError:', e)
try:
    isinstance([], (str, dict[str, int]))
except TypeError as e:
    print('TypeError:', e)
print(isinstance(list[int], types.GenericAlias), isinstance(list[int], type))

# | makes a types.UnionType
u = list[int] | None
print(u, type(u).__name__, u.__args__)
print(int | list[str], list[int] | list[int], None | dict[str, int])
print((list[int] | None) == (None | list[int]))

# an alias without type variables cannot be subscripted again
try:
    list[int][str]
except TypeError as e:
    print('TypeError:', e)

# the builtin classes' subclasses are generic too
class MyList(list):
    pass

print(MyList[int], MyList[int]([1]), type(MyList[int]([1])).__name__)

# types.GenericAlias built directly
print(types.GenericAlias(list, int), types.GenericAlias(dict, (str, int)) == dict[str, int])

# classes that are not generic
for t in (int, str, object):
    try:
        t[int]
    except TypeError as e:
        print('TypeError:', e)
