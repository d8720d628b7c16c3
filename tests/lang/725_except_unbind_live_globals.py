# An except-as name is unbound when its handler ends; at module level, once globals() has been
# asked for, that also updates the namespace dict. A handler that raises must keep its exception
# through that update (it used to be lost: the outer try then crashed on a missing exception).
g = globals()
print("e" in g)
try:
    try:
        raise ValueError("inner")
    except ValueError as e:
        raise KeyError("outer")
except KeyError as e2:
    print("caught", repr(e2), repr(e2.__context__))
print("e" in g, "e2" in g)


class M:
    def __enter__(self):
        return self

    def __exit__(self, *a):
        print("exit", a[0].__name__ if a[0] else None)
        return True


with M():
    try:
        raise ValueError("x")
    except ValueError as e:
        print(type(e).__name____name__)
print("after with", "e" in g)
