# and/or return one of their operands, not/short-circuit, truthiness of every kind of value
print(1 and 2, 0 and 2, 1 or 2, 0 or 2, None or "default", "" or 0 or [] or "last")
print([] and "x", [0] and "x", not [], not [0], not "", not "a", not None, not 0.0)
def t(name, v):
    print("called", name)
    return v
print(t("a", True) or t("b", False))
print(t("c", False) or t("d", True))
print(t("e", False) and t("f", True))
print(t("g", True) and t("h", 0))
values = [0, 1, -1, 0.0, 0.5, "", "0", [], [[]], (), (0,), {}, {"a": 0}, set(), None, True, False]
for v in values:
    print(repr(v), bool(v), "truthy" if v else "falsy")
x = 5
print(x > 3 and x < 10, x < 3 or x > 4, not (x > 3 and x < 10))
print(True and False or True, True or False and False, not True or True)
count = 0
def inc():
    global count
    count += 1
    return True
result = False and inc()
result = True or inc()
result = inc() and inc()
print(count, result)
name = ""
print(name or "anonymous")
items = None
print(items or [])
print(1 if [] else 2, 1 if [1] else 2)
print(all([]), any([]), all([1, 2]), any([0, 0, 3]), all([1, 0]))
