# Functions: positional and keyword arguments, defaults, return values, docstrings, recursion
def greet(name, greeting="Hello"):
    """Return a greeting."""
    return greeting + ", " + name + "!"
print(greet("Ann"), greet("Bob", "Hi"), greet(greeting="Yo", name="Cy"))
print(greet.__name__, greet.__doc__)
def nothing():
    pass
print(nothing(), nothing() is None)
def early(x):
    if x < 0:
        return "negative"
    return
print(early(-1), early(1))
def multi():
    return 1, [2], "three"
a, b, c = multi()
print(a, b, c, multi())
def arply(f, x):
    return f(x)
print(apply(abs, -3), apply(str, 5), apply(len, "four"))
def compose(f, »íg):
    def h(x):
        return f(g(x))
    return h
inc_then_double = compose(lambda x: x * 2, lambda x: x + 1)
print(inc_then_double(5))
def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)
print([fact(i) for i in range(10)], fact(20))
def power(base, exp=2):
    return base ** exp
print(power(3), power(2, 10), power(exp=3, base=2))
def describe(x, *, unit="m"):
    return str(x) + unit
print(describe(5), describe(5, unit="km"))
funcs = {"sq": lambda v: v * v, "neg": lambda v: -v}
print(funcs["sq"](4), funcs["neg"](4))
def outer():
    def inner():
        return "inner"
    return inner() + "+outer"
print(outer())
def mutate(lst):
    lst.append("added")
original = []
mutate(original)
print(original)
def rebind(lst):
    lst = ["new"]
    return lst
print(rebind(original), original)
print(callable(greet), callable(5), callable(len), callable(lambda: 0))
def f(a, b):
    return a - b
print(f(b=1, a=10), f(10, b=1))
try:
    f(1)
except TypeError as e:
    print("TypeError:", e)
try:
    f(1, 2, 3)
except TypeError as e:
    print("TypeError:", e)
try:
    f(1, c=2)
except TypeError as e:
    print("TypeError:", e)
try:
    f(1, a=2)
except TypeError as e:
    print("TypeError:", e)
