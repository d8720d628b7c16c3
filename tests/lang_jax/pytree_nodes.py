# pytrees: named tuples are nodes (fields as children), registered classes too; they pass
# through jit, grad, vmap and lax.scan carries
import collections
import dataclasses
from typing import NamedTuple
import jax
import jax.numpy as jnp
from jax import lax
from jax.tree_util import (tree_flatten, tree_unflatten, tree_structure, tree_map, tree_leaves,
                           register_pytree_node, register_pytree_node_class, register_static,
                           register_dataclass)

P = collections.namedtuple('P', 'x y')

class S(NamedTuple):
    count: int
    mu: object

t = {'a': P(1, (2, None)), 'b': [S(3, P(4, 5))]}
leaves, td = tree_flatten(t)
print(leaves)
print(td)
print(tree_unflatten(td, [x * 10 for x in leaves]))
print(tree_structure(P(1, 2)), tree_structure(P(None, 2)), td.num_leaves)
print(tree_map(lambda v: v + 1, S(1, 2)), type(tree_map(lambda v: v, S(1, 2))).__name__)
print(tree_structure(P(1, 2)) == tree_structure(P(3, 4)), tree_structure(P(1, 2)) == tree_structure((3, 4)))
print(tree_structure(None), tree_structure((None,)), tree_leaves([None, P(None, 7)]))
print(tree_map(lambda m, v: v if m else 0, {'a': True, 'b': False}, {'a': P(1, 2), 'b': P(3, 4)}))

@jax.jit
def step(state, g):
    return S(state.count + 1, state.mu * 0.9 + g)

st = step(S(jnp.int32(0), jnp.zeros(2)), jnp.ones(2))
print(type(st).__name__, st.count, st.mu)

def loss(p):
    return jnp.sum(p.x ** 2) + jnp.sum(p.y)
g = jax.grad(loss)(P(jnp.array([1.0, 2.0]), jnp.array(3.0)))
print(type(g).__name__, g.x, g.y)

v = jax.vmap(lambda p: p.x * p.y)(P(jnp.arange(3.0), jnp.ones(3) * 2))
print(v)

def body(carry, x):
    return S(carry.count + 1, carry.mu + x), carry.mu
final, ys = lax.scan(body, S(jnp.int32(0), jnp.float32(0.0)), jnp.arange(4.0))
print(type(final).__name__, final.count, final.mu, ys)

class Box:
    def __init__(self, value, label):
        self.value = value
        self.label = label
    def __repr__(self):
        return f"Box({self.value!r}, {self.label!r})"

register_pytree_node(Box, lambda b: ((b.value,), b.label), lambda label, ch: Box(ch[0], label))
bl, btd = tree_flatten([Box(1, 'a'), Box(P(2, 3), 'b')])
print(bl, btd)
print(tree_map(lambda v: v * 2, [Box(1, 'a'), Box(P(2, 3), 'b')]))
print(jax.jit(lambda b: Box(b.value + 1, b.label))(Box(jnp.float32(1.0), 'z')))

@register_pytree_node_class
class Pair:
    def __init__(self, a, b):
        self.a = a
        self.b = b
    def tree_flatten(self):
        return (self.a, self.b), None
    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children)
    def __repr__(self):
        return f"Pair({self.a!r}, {self.b!r})"

print(tree_leaves(Pair(1, [2, 3])), tree_structure(Pair(1, 2)), tree_map(lambda v: -v, Pair(1, 2)))

@dataclasses.dataclass
class Params:
    w: object
    b: object
    name: str = 'lin'

register_dataclass(Params, data_fields=['w', 'b'], meta_fields=['name'])
pp = Params(jnp.ones(2), jnp.float32(0.5))
print(tree_leaves(pp), tree_map(lambda v: v * 3, pp).name)
gp = jax.grad(lambda q: jnp.sum(q.w) * q.b)(pp)
print(type(gp).__name__, gp.w, gp.b, gp.name)

class Config:
    def __init__(self, k):
        self.k = k
    def __repr__(self):
        return f"Config({self.k})"
    def __eq__(self, other):
        return isinstance(other, Config) and other.k == self.k
    def __hash__(self):
        return hash(self.k)

register_static(Config)
print(tree_leaves([Config(3), 1]), tree_map(lambda v: v + 1, [Config(3), 1]))
try:
    register_pytree_node(Box, lambda b: ((), None), lambda a, c: None)
except ValueError as e:
    print("ValueError", e)
