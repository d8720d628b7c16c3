# int() and float() from strings and numbers, bases, whitespace, signs, underscores
print(int("42"), int("-7"), int("  12  "), int("+3"), int("007"), int("1_000"))
print(int("ff", 16), int("FF", 16), int("0xff", 16), int("101", 2), int("0b101", 2))
print(int("777", 8), int("0o17", 8), int("z", 36), int("0x1A", 0), int("10", 0))
print(int(3.7), int(-3.7), int(True), int(False), int(1e10))
print(float("3.5"), float("-2"), float("1e-3"), float(" inf "), float("-Infinity"))
print(float("nan"), float("1_000.5"), float(".5"), float("5."), float(7))
print(str(42), str(-3.5), str(True), str(None), repr(42), repr(1e-5))
print(bool(0), bool(1), bool(-1), bool(0.0), bool(""), bool("0"), bool([]), bool([0]))
print(hex(255), hex(-255), oct(8), bin(5), bin(-5), hex(0))
print(chr(65), chr(97), ord("A"), ord("z"), chr(233), ord("é"), chr(0x263A))
for s in ["12", "abc", "1.5", "", " ", "0x10", "1e3"]:
    try:
        print(s, "->", int(s))
    except ValueError as e:
        print("ValueError:", e)
for s in ["1.5", "abc", "", "1e400", "-1e400", "1,5"]:
    try:
        print(s, "->", float(s))
    except ValueError as e:
        print("ValueError:", e)
for v in [float("inf"), float("nan")]:
    try:
        print(int(v))
    except (ValueError, OverflowError) as e:
        print(type(e).__name__, e)
try:
    int("12", 1)
except ValueError as e:
    print("ValueError:", e)
print(int("  -0  "), float("-0.0"), int(-0.9))
print(isinstance(int("5"), int), isinstance(float("5"), float))
print(int(float("123.999")), float(int("123")))
