# big ints as text: str/repr/format, hex/bin/oct, int(str, base), the 4300-digit limit
import sys
a = 2 ** 100
print(str(a), repr(-a), f"{a:,}", f"{a:_}", f"{a:x}", f"{-a:#X}", f"{a:_b}", f"{a:o}")
print(f"{a:>40}|", f"{-a:<40}|", f"{a:^40}|", f"{-a:=+40}|", f"{a:040,}", f"{a:e}", f"{a:.3f}")
print(format(2 ** 64, "d"), format(-2 ** 64, "#o"), "%d %x %o" % (2 ** 70, 2 ** 70, -2 ** 70))
print("{:,} {:#x}".format(10 ** 25, 2 ** 80), "%s %r %10.3e" % (2 ** 65, -2 ** 65, 2 ** 65))
print(hex(2 ** 64), hex(-2 ** 64), bin(2 ** 70), oct(-2 ** 70), hex(2 ** 63))
print(int("123456789012345678901234567890"), int("-0x" + "f" * 30, 16), int("1" * 80, 2))
print(int("z" * 20, 36), int("  -99999999999999999999  "), int("1_000_000_000_000_000_000_000"))
print(int("0o7777777777777777777777777", 0), int("0b" + "1" * 70, 0), int(b"99999999999999999999" .decode()))
print(int(2 ** 70), int(-2 ** 70), int(float(2 ** 80)), int("9" * 4300) % 1000)
print(len(str(10 ** 4299)), str(-10 ** 4299)[:5])
try:
    str(10 ** 4300)
except ValueError as e:
    print("ValueError:", e)
try:
    int("1" * 4301)
except ValueError as e:
    print("ValueError:", e)
print(sys.get_int_max_str_digits())
sys.set_int_max_str_digits(5000)
print(len(str(10 ** 4500)), sys.get_int_max_str_digits())
sys.set_int_max_str_digits(0)
print(len(str(10 ** 6000)))
sys.set_int_max_str_digits(4300)
try:
    sys.set_int_max_str_digits(100)
except ValueError as e:
    print("ValueError:", e)
print(hex(16 ** 5000)[:10], len(hex(16 ** 5000)))
try:
    int("12x" + "0" * 30)
except ValueError as e:
    print("ValueError:", e)
print(str(2 ** 200).count("0"), repr([2 ** 64, -2 ** 64]), {2 ** 65: 1})
