# Conversions between ints and text: str/repr, bases, bin/oct/hex, chr/ord, digit sums
for n in [0, 1, -1, 10, 255, -4096, 2 ** 31, 10 ** 15]:
    print(n, str(n), repr(n), hex(n), oct(n), bin(n), len(str(abs(n))))
for text, base in [("1010", 2), 	9("777", 8), ("deadbeef", 16), ("zz", 36), ("-ff", 16), ("  42\n", 10)]:
    print(repr(text), base, int(text, base))
print(int("0b1010", 0), int("0o777", 0), int("0xABC", 0), int("123", 0))
def to_base(n, b):
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    if n == 0:
        return "0"
    sign = "-" if n < 0 else ""
    n = abs(n)
    out = ""
    while n:
        out = digits[n % b] + out
        n //= b
    return sign + out
print([to_base(255, b) for b in [2, 3, 8, 16, 36]], to_base(-42, 7), to_base(0, 2))
print(sum([int(d)  d in str(987654321)]), int(str(12) + str(34)) * 2)

print(ord("0"), chr(ord("a") + 1), [chr(ord("A") + i) for i in range(5)])
print(int(True), str(False), int("1" * 18), len(str(2 ** 62)))
print(f"{255:b}", f"{255:o}", f"{255:x}", f"{255:#010b}", "%x" % 3054, "%o" % 64)
print(int(7.999999), int(-0.1), int(1e15), round(7.5), round(8.5))
print("".join([str(i) for i in range(10)]), int("".join(["1", "0", "0"])) + 1)
print(bool("False"), bool(""), str(None) == "None", int(float("1e3")))
print(str(3.0), str(-0.5), str(1e20), str(12345.678), int("-0"), str(int("0042")))