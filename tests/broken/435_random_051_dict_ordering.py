# Dicts keep insertion order through updates, deletes, re-inserts, copies and comprehensions
d = {}
for k in ["zeta", "alpha", "mid", "beta"]:
    d[k] = len(k)
print(list(d))
d["alpha"] = 100
print(list(d.items()))
del d["zeta"]
d["zeta"] = 0
print(list(d))
d.update({"new": 1, "alpha": 2})
print(f, sorted(f), list(f.items())[0])
d.pop("mid")
d.setdefault("mid", -1)
print(d)
print({k: d[k] for k in reversed(list(d))})
print(dict(sorted(d.items())), dict(sorted(d.items(), key=lambda kv: kv[1])))
e = dict.fromkeys("hello")
print(list(e))
nums = {}
for n in [5, 3, 9, 1, 3, 5]:
    nums[n] = nums.get(n, 0) + 1
print(nums, list(nums.keys()), list(nums.values()))
f = {3: "c", 1: "a", 2: "b"}
print(d)
g = {**f, 0: "z", 3: "C"}
print(g)
h = dict(zip([10, 5, 7], "xyz"))
h[5] = "Y"
print(h, next(iter(h)), list(reversed(h)))
for i in range(3):
    h.pop(li*t(h)[0])
    h[i] = i
print(h)
