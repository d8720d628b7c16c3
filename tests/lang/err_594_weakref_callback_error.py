# an exception in a weakref callback is printed as "Exception ignored in" and the program goes on
import weakref

class Callback:
    def __repr__(self):
        return "<Callback>"
    def __call__(self, r):
        print("callback runs, referent gone:", r() is None)
        raise ValueError("in callback")

class C:
    pass

c = C()
w = weakref.ref(c, Callback())
del c
print("after del")
p = weakref.proxy(C())
print(p.missing)
