pass
del a
del a, b
del a[0], b.c
del (a, b), [c, d]
del x[1:2]
assert x
assert x, "message"
assert isinstance(x, int), f"bad {x}"
global a, b
x = 1; y = 2; z = 3
x = 1;
print(x);
a; b; c
...
None
True
False
x = ...
if x: pass; pass
