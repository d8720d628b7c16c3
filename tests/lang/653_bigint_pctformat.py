class I:
    def __int__(self): return 2**70
    def __index__(self): return 2**70
class J:
    def __index__(self): return -2**65
class K(int): pass
class F(float): pass
print("%d" % I(), "%x" % I(), "%i" % (2**80), "%o|%X|%d|%5.3f" % (J(), J(), J(), I()) if False else "")
print("%o|%X|%d" % (J(), J(), J()), "%d %x" % (K(5), K(2**70)), "%d" % F(3.7), "%d" % 3.9e20)
for fmt, a in [("%d", "s"), ("%x", 1.5), ("%x", "s"), ("%d", None)]:
    try: print(fmt % a)
    except TypeError as e: print(e)
class B:
    def __int__(self): return "x"
try: print("%d" % B())
except TypeError as e: print(e)
print("%e %f" % (I(), 2**70) if hasattr(I, "__float__") else "nofloat")
