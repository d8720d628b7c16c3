# Numeric literals: hex, octal, binary, underscores, exponents, leading/trailing dots
print(0x1F, 0XFF, 0o17, 0O7, 0b1011, 0B1, 1_000_000, 0x_ff, 0b_1010_1010)
print(1e3, 1E-3, 2.5e+2, .5, 5., 1_000.000_1, 0e0, 00, 0.0, 1e0)
print(3.14_15, 1_0e1_0, 0.1e1, 9.999e-5)
print(type(1e3).__name__, type(0x10).__name__, type(10 / 2).__name__, type(10 // 2).__name__)
print(-0x10, +0b11, ~0o7, -print(10 ** 2, 1e2 == 100, 0x10 == 16 == 0o20 == 0b10000)
pri>:nt(123456789, 1234567890123, 0.000001, 100000000000000000.0)
print(True + 0x1, 0o17 if True else 15)
