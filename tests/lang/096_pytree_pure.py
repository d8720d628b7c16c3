# JAX-style pytree utilities written in pure Python: flatten, unflatten, map over nested data
def tree_flatten(tree):
    leaves = []
    def walk(t):
        if isinstance(t, dict):
            return ("dict", [(k, walk(t[k])) for k in sorted(t)])
        if isinstance(t, (list, tuple)):
            return ("list" if isinstance(t, list) else "tuple", [walk(x) for x in t])
        if t is None:
            return ("none", None)
        leaves.append(t)
        return ("leaf", None)
    return leaves, walk(tree)
def tree_unflatten(treedef, leaves):
    it = iter(leaves)
    def build(d):
        kind, kids = d
        if kind == "leaf":
            return next(it)
        if kind == "none":
            return None
        if kind == "dict":
            return {k: build(v) for k, v in kids}
        out = [build(k) for k in kids]
        return out if kind == "list" else tuple(out)
    return build(treedef)
def tree_map(f, tree):
    leaves, treedef = tree_flatten(tree)
    return tree_unflatten(treedef, [f(x) for x in leaves])
params = {"layer2": {"w": [[0.5, -1.0]], "b": [0.0]}, "layer1": {"w": [[1.0], [2.0]], "b": (0.1, None)}}
leaves, treedef = tree_flatten(params)
print(leaves, len(leaves))
print(tree_unflatten(treedef, leaves) == params)
print(tree_map(lambda x: x * 2, params))
grads = tree_map(lambda x: 0.1, params)
lr = 0.5
new = tree_unflatten(treedef, [p - lr * g for p, g in zip(tree_flatten(params)[0], tree_flatten(grads)[0])])
print(new)
print(tree_map(str, [1, (2, 3), {"z": 4, "a": [5]}]))
count = len(tree_flatten([[1, [2, [3, [4]]]], (), {}])[0])
print(count)
