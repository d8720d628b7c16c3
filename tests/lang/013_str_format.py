# str.format: positional, automatic and explicit indices, names, indexing, attributes, specs
print("{} {} {}".format(1, "two", 3.0))
print("{0} {1} {0}".format("a", "b"))
print("{name} is {age}".format(name="Bo", age=7))
print("{0[0]} {0[2]} {1[k]}".format([10, 20, 30], {"k": "v"}))
print("{:>8}|{:<8}|{:^8}|".format("r", "l", "c"))
print("{:.3f} {:08.2f} {:,} {:e} {:%}".format(3.14159, -2.5, 10 ** 6, 12345.678, 0.25))
print("{0:d} {0:x} {0:o} {0:b} {0:#X}".format(255))
print("{!r} {!s} {}".format("s", "s", "s"))
print("{{}} {{0}} {}".format("x"))
print("{0:{1}} | {0:>{1}}".format("ab", 6))
print("{:{w}.{p}f}".format(2.71828, w=10, p=2))
class P:
    def __init__(self):
        self.x = 3
        self.y = [4, 5]
p = P()
print("{0.x} {0.y[1]} {p.x}".format(p, p=p))
args = ["a", "b"]
kwargs = {"n": 1}
print("{} {} {n}".format(*args, **kwargs))
print("{:*^20}".format(" title "))
rows = [("apple", 3, 1.5), ("kiwi", 12, 0.25), ("banana", 100, 10.0)]
for r in rows:
    print("{:<8}{:>5}{:>8.2f}".format(*r))
print("{:5}|{:<5}|{:5}|".format(42, 42, "s"))
print("{:+} {:+} {: } {: }".format(5, -5, 5, -5))
print("{0}{1}{0}".format("ab", "cd"))
try:
    print("{} {}".format(1))
except IndexError as e:
    print("IndexError:", e)
try:
    print("{missing}".format(a=1))
except KeyError as e:
    print("KeyError:", e)
try:
    print("{:d}".format(1.5))
except ValueError as e:
    print("ValueError:", e)
try:
    print("{:s}".format(5))
except ValueError as e:
    print("ValueError:", e)
print(format(3.5, ".2f"), format(42, "05"), format("s", ">3"), format(1e16), format(0.1, ".3"))
print(format(1234.5, ","), format(True), format(None), format(-7, "x"))
