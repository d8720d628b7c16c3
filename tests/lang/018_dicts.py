# Dicts: creation, access, methods, insertion order, iteration, comprehension, merging
d = {"b": 2, "a": 1}
d["c"] = 3
print(d, len(d), d["a"], d.get("z"), d.get("z", 0), "a" in d, 2 in d)
print(list(d.keys()), list(d.values()), list(d.items()))
d["b"] = 20
print(d)
del d["b"]
d["b"] = 200
print(d)
print(d.pop("a"), d.pop("zz", "default"), d)
print(d.setdefault("new", []), d.setdefault("c", 99), d)
d.update({"c": 30, "e": 5})
d.update(f=6)
print(d)
k, v = d.popitem()
print(k, v, d)
print(dict(a=1, b=2), dict([("x", 1), ("y", 2)]), dict(zip("abc", range(3))), dict())
print(dict.fromkeys(["p", "q"], 0), dict.fromkeys("ab"))
squares = {n: n * n for n in range(6) if n % 2 == 0}
print(squares)
inv = {v: k for k, v in {"one": 1, "two": 2}.items()}
print(inv)
for key in {"z": 1, "y": 2, "x": 3}:
    print(key, end=" ")
print()
for key, val in sorted({"z": 1, "y": 2, "x": 3}.items()):
    print(key, val, end="; ")
print()
counts = {}
for ch in "mississippi":
    counts[ch] = counts.get(ch, 0) + 1
print(counts)
print(sorted(counts, key=counts.get, reverse=True))
merged = {**{"a": 1, "b": 2}, **{"b": 3, "c": 4}}
print(merged, {**merged, "a": 0})
print(merged | {"d": 5})
cp = merged.copy()
cp["a"] = 100
print(merged["a"], cp["a"])
nested = {"outer": {"inner": [1, 2, {"deep": True}]}}
print(nested["outer"]["inner"][2]["deep"], nested)
try:
    d["missing"]
except KeyError as e:
    print("KeyError:", e, repr(e))
keys = {1: "int", 1.5: "float", "1": "str", (1,): "tuple", None: "none", True: "bool?"}
print(keys, keys[1])
print({} == {}, {"a": 1} == {"a": 1.0}, {"a": 1, "b": 2} == {"b": 2, "a": 1})
d2 = {}
d2.clear()
print(d2, bool(d2), bool({0: 0}))
print(list({"a": 1}.items())[0], max({"a": 5, "b": 9}.values()))
