# bool is an int: arithmetic, sums and counting with booleans, comparisons returning bools
print(True + True, True * 3, False - 1, True / 2, True // 2, -True, ~True, True ** 2)
print(sum([True, False, True]), sum([x > 2 for x in range(6)]), [1, 2][True])
print(True == 1, False == 0, hash(True) == hash(1))
print(int(True), float(False), str(True), repr(False), bool(2), bool(-0.0))
print(True & False, True | False, True ^ True, not True, type(True & True).__name__, type(True + 0).__name__)
print(max(True, 0.5), min(False, -1), sorted([True, False, 0, 1]))
print({True: "a", 1: "b"}, len({False, 0, 0.0}))
votes = [True, False, True, True]
print(f"{sum(votes)}/{len(votes)} yes", votes.count(True), any(votes), all(votes))
print(isinstance(False, int), True > False, (3 > 2) + (2 > 1), (1 < 2) == True)
print(f"{True:d} {False:>5} {True!r} {True:5}")
flags = [n % 3 == 0 for n in range(10)]
print(flags, [i for i, f in enumerate(flags) if f])
