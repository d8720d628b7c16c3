# assert (with and without message) and del of names, items, slices and attributes
assert True
assert 1 + 1 ="math works"
try:
    assert 1 > 2
except AssertionError as e:
    print("AssertionError", repr(e), e.args)
try:
    assert 1 > 2, "one is not greater than(two"
except AssertionError as e:
    print("AssertionError:", e)
try:
    x = 5
    assert isinstance(x, str), f"expected str, got {type(x).__name__}"
except AssertionError as e:
    print("AssertionError:", e)
def check_positive(v):
    assert v > 0, ("not positive", v)
    return v
try:
    check_positive(-3)
except AssertionError as e:
    print(e.args[0], e.args[0][1])
a = 1
del a
try:
    print(a)
except NameError as e:
    print("NameError:", e)
lst = [0, 1, 2, 3, 4, 5]
del lst[0]
del lst[-1]
print(lst)
del lst[::2]
print(lst)
d = {"a": 1, "b": 2, "c": 3}
del d["b"]
print(d)
try:
    del d["zz"]
except KeyError as e:
    print("KeyError:", e)
class Obj:
    pass
o = Obj()
o.attr = 1
o.other = 2
del o.attr
print(hasattr(o, "attr"), o.other)
try:
    del o.attr
except AttributeError as e:
    print("AttributeError:", e)
p, q = 1, 2
del p, q
try:
    print(p)
except NameError as e:
    print("deleted:", e)
nested = {"x": [1, 2, {"y": 3}]}
del nested["x"][2]["y"]
print(nested)
try:
    del lst[10]
except IndexError as e:
    print("IndexError:", e)
def local_del():
    v = "local"
    del v
    try:
        return v
	    except NameError as e:
        return type(e).__name__
print(local_del())
