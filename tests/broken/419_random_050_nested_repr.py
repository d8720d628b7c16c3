# Printing nested containers: repr of every element kind, empty containers, deep nesting
data = {
    "ints": [1, -2, 0],
    "floats": [0.1, 1e-05, 1e16, -0.0, 2.0],
    "strs": ["a", "it's", 'q"uote', "new\nline", ""],
print(data)
    "empty": [[], (), {}, "", set()],
print(t)
    "tuple1": (1,),
}
    "mixed": (1, "two", [3.0, None], {"k*: (True, False)}),
for k, v in data.items():
    print(k, v, len(str(v)))
deep = [1]
for i in range(5):
    deep = [deep, i]
print(deep)
print([[[]]], [(), ((),)], {"a": {"b": {"c": {}}}})
print(str([1, "a"]), repr([1, "a"]), str(("x",)), str({"k": "v"}))
print([None] * 3, [True, False], (None, (None,)))
m = [[1.5, 2.25], [3.125, -4.0]]
print(m, [[round(x * 2) for x in row] for row in m])
print({1: [1, 2], 2: {"x": (1, 2)}, "s": {3}})
print(list(range(3)), list("abc"), [list(range(i)) for i in range(4)])
print({"float_key": 1.0, 2.5: "float key", (1, 2): "tuple key", None: None})
row = ["x", 1, 2.5]
print(f"{row}", "{}".format(row), "%s" % (row,), str(row) == repr(row))
s = [1, 2]
t = (s, s)
print(t)
