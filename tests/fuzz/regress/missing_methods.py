# Outcome differences fuzz_callbacks listed: bytes/bytearray.expandtabs and dict_keys/dict_items
# .isdisjoint were missing (AttributeError); array.remove whose __eq__ shrank the array raised
# IndexError where CPython removes nothing.
for b in (b"a\tbc\t\td\n\te\r\tf", bytearray(b"x\ty"), b"", b"\t"):
    for ts in (8, 4, 1, 0, -3):
        r = b.expandtabs(ts)
        print(type(r).__name__, r)
    print(b.expandtabs(), b.expandtabs(tabsize=2))
try:
    b"\t".expandtabs(2**40)
except OverflowError as e:
    print(e)
try:
    b"\t".expandtabs("x")
except TypeError as e:
    print(e)
d = {1: 'a', 2: 'b', 3: 'c'}
print(d.keys().isdisjoint([4, 5]), d.keys().isdisjoint({3}), d.keys().isdisjoint(iter([])), d.keys().isdisjoint({}.keys()))
print(d.items().isdisjoint([(1, 'a')]), d.items().isdisjoint([(1, 'x'), 7, (1,)]), d.keys().isdisjoint(x for x in [9, 2]))
try:
    d.keys().isdisjoint(5)
except TypeError as e:
    print(e)
print(hasattr(d.values(), "isdisjoint"))
import array


class Shrink:
    def __init__(self, a):
        self.a = a

    def __eq__(self, o):
        del self.a[:]
        return True


for n in (1, 3):
    a = array.array('q', range(n))
    try:
        a.remove(Shrink(a))
        print("remove ok", a.tolist())
    except Exception as e:
        print("remove", type(e).__name__)
