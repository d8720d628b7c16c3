# str subclasses: real strings with extra methods and attributes
class Name(str):
    def shout(self):
        return self.upper() + "!"

n = Name("ada")
print(n, repr(n), n.shout(), type(n).__name__, isinstance(n, str), len(n), n[0], n[1:])
print(n + "x", "x" + n, n * 2, type(n + "x").__name__, n == "ada", n != "bob", n < "b")
print({"ada": 1}[n], n in {"ada"}, hash(n) == hash("ada"), "-".join([n, n]), f"<{n}>", f"{n:>5}")
print(str(n), type(str(n)).__name__, n.split("d"), n.replace("a", "o"), list(n), "d" in n)
n.tag = 1
print(n.tag, n.__dict__, sorted([Name("b"), "a", Name("c")]), int(Name("42")) + 1)

class Upper(str):
    def __new__(cls, s):
        return super().__new__(cls, s.upper())
    def __len__(self):
        return 99
    def __getitem__(self, i):
        return "item"

u = Upper("abc")
print(u, len(u), u[0], type(u).__name__, u.lower())

class Tagged(str):
    __slots__ = ()
t = Tagged("x")
try:
    t.a = 1
except AttributeError as e:
    print("AttributeError", e)
