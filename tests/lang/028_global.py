# global statements, module-level counters, reading globals from functions
counter = 0
def increment():
    global counter
    counter += 1
def read_only():
    return counter * 10
for _ in range(5):
    increment()
print(counter, read_only())
def create_global():
    global created
    created = "made inside a function"
create_global()
print(created)
total = 100
def shadow_local():
    total = 1
    return total
print(shadow_local(), total)
def uses_before_assign():
    try:
        print(value)
    except NameError as e:
        print(type(e).__name__, e)
    value = 5
    return value
try:
    print(uses_before_assign())
except UnboundLocalError as e:
    print("UnboundLocalError:", e)
config = {"debug": False}
def toggle():
    config["debug"] = not config["debug"]
toggle()
print(config)
log = []
def record(msg):
    log.append(msg)
record("a")
record("b")
print(log)
x = "global x"
def outer():
    x = "enclosing x"
    def inner():
        global x
        x = "set by inner"
    inner()
    return x
print(outer(), x)
def g1():
    global a, b
    a, b = 1, 2
g1()
print(a + b)
try:
    print(undefined_name)
except NameError as e:
    print("NameError:", e)
