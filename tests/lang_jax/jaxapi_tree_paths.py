# jax.tree_util key paths (tree_flatten_with_path, tree_map_with_path, keystr, the key classes,
# register_pytree_with_keys), Partial, tree_transpose, tree_reduce(is_leaf), all_leaves, jax.tree.*_with_path.
import jax, jax.numpy as jnp
import jax.tree_util as tu
from collections import namedtuple, OrderedDict
import functools
P = namedtuple("P", ["w", "b"])
tree = {"layer": [P(1.0, 2.0), (3, None)], "a": {"z": 4, "y": OrderedDict([("q", 5), ("p", 6)])}}
leaves, td = tu.tree_flatten_with_path(tree)
for path, v in leaves:
    print(path, repr(tu.keystr(path)), tu.keystr(path, simple=True, separator="/"), v)
print(td == tu.tree_structure(tree))
print(tu.tree_leaves_with_path([1, (2, 3)]))
print(tu.tree_map_with_path(lambda p, x, y: (tu.keystr(p), x + y), {"a": 1, "b": [2, 3]}, {"a": 10, "b": [20, 30]}))
print(tu.tree_map_with_path(lambda p, x: len(p), {"a": (1, 2), "b": 3}, is_leaf=lambda x: isinstance(x, tuple)))
k = tu.DictKey("a"); s = tu.SequenceKey(2); g = tu.GetAttrKey("w"); fi = tu.FlattenedIndexKey(1)
print(repr(k), str(k), k.key, repr(s), str(s), s.idx, repr(g), str(g), g.name, repr(fi), str(fi), fi.key)
print(k == tu.DictKey("a"), hash(s) == hash(tu.SequenceKey(2)))
print(jax.tree.leaves_with_path({"x": [1, 2]}))
print(jax.tree.map_with_path(lambda p, x: x * len(p), {"x": [1, 2]}))
print(jax.tree.flatten_with_path((1, {"k": 2}))[0])

class Box:
    def __init__(self, a, b, name):
        self.a, self.b, self.name = a, b, name
    def __repr__(self):
        return "Box(%r, %r, %r)" % (self.a, self.b, self.name)
tu.register_pytree_with_keys(Box, lambda x: (((tu.GetAttrKey("a"), x.a), (tu.GetAttrKey("b"), x.b)), x.name),
                             lambda name, ch: Box(ch[0], ch[1], name))
bx = Box(jnp.float32(1.0), [2.0, 3.0], "n")
print([tu.keystr(p) for p, _ in tu.tree_flatten_with_path(bx)[0]])
print(tu.tree_map(lambda x: x * 2, bx))
print(tu.tree_leaves(bx))

@tu.register_pytree_with_keys_class
class Pair:
    def __init__(self, x, y):
        self.x, self.y = x, y
    def tree_flatten_with_keys(self):
        return ((tu.GetAttrKey("x"), self.x), (tu.GetAttrKey("y"), self.y)), None
    @classmethod
    def tree_unflatten(cls, aux, ch):
        return cls(*ch)
pr = tu.tree_map(lambda v: v + 1, Pair(1, 2))
print(pr.x, pr.y, tu.keystr(tu.tree_flatten_with_path(Pair(1, 2))[0][1][0]))

class Plain:
    def __init__(self, u, v):
        self.u, self.v = u, v
tu.register_pytree_node(Plain, lambda p: ((p.u, p.v), None), lambda a, c: Plain(*c))
print(tu.tree_flatten_with_path(Plain(7, 8))[0])

import dataclasses
@functools.partial(tu.register_dataclass, data_fields=["m", "n"], meta_fields=["tag"])
@dataclasses.dataclass
class DC:
    m: float
    n: float
    tag: str
print(tu.tree_flatten_with_path(DC(1.0, 2.0, "t"))[0])

def add(x, y, scale=1.0):
    return (x + y) * scale
p = tu.Partial(add, jnp.array(1.0), scale=2.0)
print(p(jnp.array(3.0)), tu.tree_leaves(p))
p2 = tu.tree_map(lambda v: v * 10, p)
print(p2(jnp.array(0.0)), p2.func is add, p2.args, p2.keywords)
print(jax.jit(lambda f, z: f(z))(p, jnp.array(1.0)))

outer = tu.tree_structure([0, 0, 0])
inner = tu.tree_structure({"a": 0, "b": 0})
t = [{"a": 1, "b": 2}, {"a": 3, "b": 4}, {"a": 5, "b": 6}]
print(tu.tree_transpose(outer, inner, t))
print(jax.tree.transpose(outer, inner, t))
print(tu.tree_transpose(outer, None, t))
try:
    tu.tree_transpose(outer, inner, [1, 2, 3])
except TypeError as e:
    print("TypeError", str(e).splitlines()[0])
print(tu.tree_reduce(lambda a, b: a + len(b), {"x": (1, 2), "y": (3,)}, 0, is_leaf=lambda x: isinstance(x, tuple)))
print(tu.all_leaves([1, 2.0, jnp.ones(2)]), tu.all_leaves([[1], 2]), tu.all_leaves([None]))
print(tu.treedef_is_leaf(tu.tree_structure(1)), tu.treedef_is_leaf(tu.tree_structure([1])), tu.treedef_is_leaf(tu.tree_structure(None)))
