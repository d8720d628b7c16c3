# bytes and bytearray % formatting (PEP 461): %s/%b with buffers and __bytes__, %r/%a as
# ascii(), %c, the numeric conversions, mappings with bytes keys, and CPython's errors.
import array


class B:
    def __bytes__(self):
        return b"<B>"


print(b"%d %s" % (5, b"x"))
print(bytearray(b"%x|%X|%o") % (255, 255, 8))
print(b"%s and %b" % (bytearray(b"ba"), b"by"))
print(b"%5s|%-5s|%.2s|" % (b"ab", b"cd", b"xyz"))
print(b"%s" % B(), b"%b" % (B(),))
print(b"%r %a" % ("h\xe9", b"q"))
print(b"%a" % ("\u20ac\U0001f600",))
print(b"%c%c%c" % (65, b"B", bytearray(b"C")))
print(b"%3c|%-3c|" % (97, 98))
print(b"%5.1f %e %g %08.3f %+d % d" % (3.14159, 12345.678, 0.0001, -2.5, 7, 7))
print(b"%#x %#o %05d %-5d|" % (255, 8, 42, 42))
print(b"%(name)s is %(age)d" % {b"name": b"Ann", b"age": 30})
print(b"100%% %s" % b"sure")
print(b"%s" % array.array("B", [104, 105]))
r = bytearray(b"%s-%s") % (b"a", b"b")
print(type(r).__name__, r)
print(type(b"%s" % b"x").__name__)
print(b"\xff%s\x00" % b"\x80")
print(b"%i %u" % (3.9, True))
print(b"no args" % ())
for fmt, args in [(b"%s", "str"), (b"%s", 5), (b"%b", 1.5), (b"%c", 256), (b"%c", "a"),
                  (b"%c", b"ab"), (b"%d", b"1"), (b"%s %s", (b"a",)), (b"%s", (b"a", b"b")),
                  (b"%y", 1), (b"%x", 1.5), (b"%", ()), (b"%(k)s", (1,)), (b"%(k)s", {b"j": 1})]:
    try:
        print(fmt % args)
    except Exception as e:
        print(type(e).__name__ + ":", e)
