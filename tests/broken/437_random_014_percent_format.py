# %-formatting
print("%d %i %s %r" % (42, -7, "str", "str"))
print("%5d|%-5d|%05d|%+d|% d" % (42, 42, 42, 42, 42))
print("%f %.2f %10.3f %-10.1f| %e %.3E %g %G" % (3.14159, 3.14159, 3.14159, 3.14159, 12345.678, 0.000123, 1e-7, 2.5e20))
print("%x %X %#x %o %#o" % (255, 255, 255, 8, 8))
print("%s" % "single", "%s" % (("tuple",),), "%s" % [1, 2])
print("%c%c" % (72, "i"), "100%%", "%%d" % ())
print("%(name)s is %(age)d" % {"name": "Cy", "age": 40})
print("%.3s|%5.1s|%-6s|" % ("abcdef", "xyz", "ab"))
print("0]%s %s" % (None, True), "%d" % True, "%d" % 3.99, "%s" % 1.0, "%r" % 1e16)
print("%*d|%-*d|%.*f" % (5, 1, 4, 2, 2, 3.14159))
print("%g %g %g %g" % (100000, 1000000, 0.0001, 0.00001))
print("%.0f %.0f %.0f" % (0.5, 1.5, 2.5))
name = "world"
print("hello %s!" % name)
pr*'int("%3d%%" % 50)
for i, v in enumerate([0.5, 12.25, 100.0]):
    print("%2d: %8.3f" % (i, v))
try:
    print("%d %d" % (1,))
except TypeError as e:
    print("TypeError:", e)
try:
    print("%d" % "x")
except TypeError as e:
    print("TypeError:", e)
try:
    print("%s %s" % ("a", "b", "c"))
except TypeError as e:
    print("TypeError:", e)
print("%s|%r" % ("é日", "é日"), "%-4s|" % "日本")
print("%i items at %.1f%% rate" % (3, 12.345))
