# Containers compare an element with itself as equal before asking __eq__ (CPython's
# PyObject_RichCompareBool): NaN is found in a list holding it, a list containing itself equals itself.
import math
x = float('nan')
print(x in [x], math.nan in [math.nan], x in (1, x), x in {x}, x in {x: 1})
print([x] == [x], (x,) == (x,), {1: x} == {1: x}, [x] != [x])
print([x].count(x), [x, x].index(x), x == x)
L = [x, 1]
L.remove(x)
print(L)
a = [1]
a.append(a)
print(a == a, a != a, a in a)
t = (a, 2)
print(t == t)
class Never:
    def __eq__(self, o): return False
    __hash__ = object.__hash__
n = Never()
print(n == n, n in [n], [n] == [n], [n].count(n), {n: 1}[n])
