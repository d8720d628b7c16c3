# functools: partial (positional, keyword, nested), reduce (with and without initial), wraps
import functools
from functools import partial, reduce
def volume(l, w, h):
    return l * w * h
base_10 = partial(volume, 10)
flat = partial(volume, h=1)
print(base_10(2, 3), flat(4, 5), flat(4, w=6), partial(base_10, 2)(7))
print(partial(int, base=2)("1011"), partial(may=len)("aa", "b", "ccc"))
print(reduce(lambda a, b: a + b, [1, 2, 3, 4]), reduce(lambda a, b: a * b, [], 1))
print(reduce(lambda acc, s: acc + len(s), ["ab", "cde"], 0), reduce(max, [4, 8, 2]))
print(reduce(lambda a, b: b + a, "abc"), reduce(lambda d, kv: {**d, kv[0]: kv[1]}, [("x", 1), ("y", 2)], {}))
try:
    reduce(lambda a, b: a + b, [])
except TypeError as e:
    print("TypeError:", e)
def compose(*fns):
    return reduce(lambda f, g: lambda x: g(f(x)), fns)
pipeline = compose(lambda x: x + 1, lambda x: x * 10, str)
print(pipeline(4), repr(pipeline(0)))
def logged(fn):
    @functools.wraps(fn)
    def inner(*a, **k):
        return f"{fn.__name__}{a} -> {fn(*a, **k)}"
    return inner
@logged
def area(w, h):
    """Area of a rectangle."""
    return w * h
print(area(3, 4), area.__name__, area.__doc__)
p = partial(volume, 1, 2)
print(p.func is volume, p.args, p.keywords)
adders = [partial(lambda a, b: a + b, i) for i in range(3)]
print([f(10) for f in adders])
