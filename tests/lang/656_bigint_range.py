# range() with bounds and lengths beyond int64
B = 2**70
r = range(B)
print(r, r.start, r.stop, r.step, bool(r), bool(range(B, B)))
try:
    len(r)
except OverflowError as e:
    print("OverflowError", e)
print(r[0], r[-1], r[B - 1], r[2**69], r[-B])
for k in (B, -B - 1, 2**100):
    try:
        r[k]
    except IndexError as e:
        print("IndexError", e)
print(r[::2], r[5:10], r[-3:], r[::-1], r[10:2**69:3], r[::2**65])
print(len(r[5:10]), list(r[-3:]), list(r[5:10:2]))
print(B - 1 in r, B in r, -1 in r, 0 in r, 3.0 in r)
big = range(-B, B, 2**60)
print(big, len(big), list(big)[:3], big[-1], big.index(2**60), big.count(0), big.count(1))
print(list(range(B, B + 5)), list(range(B + 5, B, -2)), list(reversed(range(B, B + 3))))
it = reversed(r)
print(next(it), next(it))
for x in range(B, B + 3):
    print(x)
print([x * 2 for x in range(-B, -B + 2)])
print(range(0, B) == range(0, B), range(B, B) == range(5, 5), range(0, B, 2) == range(0, B, 3))
print(range(B, B + 1, 5) == range(B, B + 1, 7), range(3, 4) == range(3, 2**70, 2**70))
print(hash(range(B, B)) == hash(range(0)), hash(range(B, B + 1, 5)) == hash(range(B, B + 1, 9)))
print(hash(range(0)) == hash(range(7, 7)), hash(range(1, 2, 5)) == hash(range(1, 2, 9)))
print(range(-2**63, 2**63 - 1)[0], bool(range(-2**63, 2**63 - 1)))
print(list(reversed(range(0, -2**63 * 2, -2**63))))
print(range(5)[2**70:], range(10)[::2**70], range(10)[-2**70:3])
class Idx:
    def __index__(self):
        return 2**80
print(range(Idx()), range(10)[Idx():], r[Idx()] if False else r.index(2**69))
for bad in ("range(B)['a']", "range(B)[1.5]", "range(1.5)", "range(B, 'a')", "range(B)[::0]",
            "range(B, B, 0)", "range(5)[B]", "r.index(-1)", "range(B)[:'x']"):
    try:
        print(eval(bad))
    except (TypeError, ValueError, IndexError) as e:
        print(type(e).__name__, e)
print(repr(range(B, 2 * B, 3)), str(range(-B, 0)))
print(sorted({range(B): 1, range(0): 2}.values()))
