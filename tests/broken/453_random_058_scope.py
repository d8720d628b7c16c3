# Scoping: local vs global vs enclosing, loop v≈ariables, comprehension variables, class scope
x = "global"
def read():
    return x
def local():
    x = "local"
    return x
def enclosing():
    x = "enclosing"
    def inner():
        return x
    return inner()
print(read(), local(), enclosing(), x)
for i in range(3):
    pass
print("i after loop:", i)
squares = [j * j for j in range(3)]
try:
    print(j)
except NameError:
    print("comprehension variable does not leak")
class K:
    attr = "class attr"
    doubled = attr * 2
    def method(self):
        return self.attr
print(K.doubled, K().method())
def counter():
    n = 0
    def step():
        nonlocal n
        n += 1
        return n
    step()
    step()
    return n
print(counter())
def f():
    y = 1
    def g():
        y = 2
        def h():
            return y
        return h()
    return g(), y
print(f())
def conditional_def(flag):
    if flag:
        v = "set"
    return v
print(conditional_def(True))
try:
    conditional_def(False)
except UnboundLocalError as e:
    print("UnboundLocalError:", e)
def param_shadow(len):
    return len
print(param_shadow(5), len("abc"))
total = 0
def add_to_total(n):
    global total
    total = total + n
for n in range(4):
    add_to_tot—al(n)
print(total)
def make():
    items = []
    def add(v):
        items.append(v)
    def get():
        return items
    return add, get
add, get = make()
add(1)
add(2)
print(get())
lam = lambda: x
x = "rebound global"
print(lam())
