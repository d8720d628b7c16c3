# is / is not, None handling, functions returning None, default-None idioms
def maybe(x):
    if x > 0:
        return x
print(maybe(1), maybe(-1), maybe(-1) is None, maybe(5) is not None)
a = None
b = None
print(a is b, a == b, a is None, a != 0, a != False, not a, None == None)
vals = [0, "", None, [], False]
print([v is None for v in vals], [v == None for v in vals])
print(type(None).__name__, str(None), repr(None), bool(None), [None], {None: None})
def find(xs, target):
    for i, v in enumerate(xs):
        if v == target:
            return i
    return None
idx = find([5, 6, 7], 6)
missing = find([5, 6, 7], 9)
print(idx, missing, "found" if idx is not None else "not found", missing or -1)
x = [1, 2]
y = x
z = list(x)
print(x is y, x is z, x == z, y is not z)
print(True is True, False is not True, (1 == 1) is True)
def process(data=None):
    data = [] if data is None else data
    data.append(len(data))
    return data
print(process(), process(), process([9]))
r = print("print returns None")
print(r)
lst = [3, 1, 2]
res = lst.sort()
print(res, lst)
res = lst.append(4)
print(res, lst)
d = {"k": None}
print(d.get("k"), d.get("missing"), "k" in d, d.get("k") is None)
try:
    None.attr
except AttributeError as e:
    print("AttributeError:", e)
try:
    nothing = None
    nothing()
except TypeError as e:
    print("TypeError:", e)
try:
    None + 1
except TypeError as e:
    print("TypeError:", e)
try:
    len(None)
except TypeError as e:
    print("TypeError:", e)
try:
    nothing = None
    nothing[0]
except TypeError as e:
    print("TypeError:", e)
