# str() vs repr() of objects inside containers and f-strings; classes with only one of them
class OnlyRepr:
    def __repr__(self):
        return "OnlyRepr()"
class OnlyStr:
    def __init__(self, n):
        self.n = n
    def __str__(self):
        return f"OnlyStr #{self.n}"
    def __repr__(self):
        return f"OnlyStr({self.n})"
class Both:
    def __str__(self):
        return "str-form"
    def __repr__(self):
        return "repr-form"
a, b, c = OnlyRepr(), OnlyStr(1), Both()
print(a, b, c)
print(str(a), str(b), str(c), repr(a), repr(b), repr(c))
print([a, b, c], (c,), {"k": c}, {1: [b]})
print(f"{a} {b} {c} {c!r} {b!s}", "{} {!r}".format(c, c), "%s %r" % (c, c))
print(str([c]) == repr([c]), str(c) == repr(c))
print("x" + str(c), [str(x) for x in [a, b, c]])
class Node:
    def __init__(self, v, kids=()):
        self.v, self.kids = v, list(kids)
    def __repr__(self):
        return f"Node({self.v!r}, {self.kids!r})" if self.kids else f"Node({self.v!r})"
print(Node("root", [Node(1), Node("two", [Node(3.0)])]))
print(str("s"), repr("s"), str(1.0), repr(1.0), str(None), repr([None]))
