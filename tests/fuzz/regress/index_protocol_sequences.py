# Outcome differences fuzz_callbacks listed: deque, bytearray and array take any __index__ object
# as a count, index or byte (TypeError before), as CPython does.
def imul(t, n):
    t *= n


import collections, array
class I:
    def __init__(s, v): s.v = v
    def __index__(s): return s.v
d = collections.deque([1, 2, 3, 4])
d.rotate(I(1)); print(d, d[I(1)], d * I(2))
d[I(0)] = 9; del d[I(1)]; d *= I(2); print(d)
for bad in ['a', 1.5]:
    for f in (lambda: d.rotate(bad), lambda: d[bad], lambda: imul(d, bad)):
        try: f()
        except TypeError as e: print(e)
b = bytearray(b"abcabc")
print(I(99) in b, b.find(I(99)), b.count(I(97)), b.index(I(98)), b.rfind(I(99)), b * I(2), bytes(b) * I(2))
b *= I(2); print(b)
a = array.array('q', [1, 2]); print(a * I(3), I(2) * a); a *= I(2); print(a)
try: I(300) in b
except ValueError as e: print(e)
try: b.find(I(-1))
except ValueError as e: print(e)
try: print(3.5 in b)
except TypeError as e: print(e)
