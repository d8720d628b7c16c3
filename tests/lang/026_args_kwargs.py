# *args, **kwargs, keyword-only parameters, defaults evaluated once
def show(*args, **kwargs):
    print("args:", args, "kwargs:", kwargs)
show()
show(1, 2)
show(a=1, b=2)
show(1, "x", key=None)
def total(first, *rest):
    return first + sum(rest)
print(total(1), total(1, 2, 3), total(*range(5)))
def config(name, *, debug=False, level=1):
    return f"{name} debug={debug} level={level}"
print(config("app"), config("app", level=3), config("app", debug=True, level=0))
try:
    config("app", True)
except TypeError as e:
    print("TypeError:", e)
def need_kw(*, key):
    return key
print(need_kw(key="k"))
try:
    need_kw()
except TypeError as e:
    print("TypeError:", e)
def mixed(a, b=2, *args, c, d=4, **kw):
    return a, b, args, c, d, kw
print(mixed(1, c=3))
print(mixed(1, 2, 3, 4, c=5, e=6))
print(mixed(*[1, 2], **{"c": 0, "zz": 9}))
def append_to(item, target=[]):
    target.append(item)
    return target
print(append_to(1), append_to(2), append_to(3, []))
def safe_append(item, target=None):
    if target is None:
        target = []
    target.append(item)
    return target
print(safe_append(1), safe_append(2))
def kw_only_order(**kw):
    return list(kw.items())
print(kw_only_order(z=1, a=2, m=3))
def forward(*args, **kwargs):
    return mixed(*args, **kwargs)
print(forward(9, c=8))
def count_args(*a):
    return len(a)
print(count_args(), count_args(None), count_args(*"hello"))
def defaults(x, y=[1, 2], z=(3,), w={"k": "v"}):
    return x, y, z, w
print(defaults(0))
