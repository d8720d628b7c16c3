# vmap in_axes/out_axes as pytree prefixes: dicts (sorted keys), OrderedDict (its own order),
# namedtuples and registered nodes; JAX's mismatch messages (with difflib's ndiff of the metadata)
import jax, jax.numpy as jnp
from collections import OrderedDict
def f(d):
    return d['a'] * 2 + d['b'].sum()
x = {'a': jnp.arange(3.0), 'b': jnp.ones((2, 3))}
print(jax.vmap(f, in_axes=({'a': 0, 'b': 1},))(x))
print(jax.vmap(f, in_axes=({'b': 1, 'a': 0},))(x))
od = OrderedDict([('b', jnp.ones((2, 3))), ('a', jnp.arange(3.0))])
print(jax.vmap(f, in_axes=(OrderedDict([('b', 1), ('a', 0)]),))(od))
print(jax.vmap(f, in_axes=({'a': 0, 'b': None},))({'a': jnp.arange(3.0), 'b': jnp.ones(2)}))
def g(p, q):
    return p['w'] @ q
print(jax.vmap(g, in_axes=({'w': None}, 0))({'w': jnp.eye(2)}, jnp.ones((4, 2))))
try:
    jax.vmap(f, in_axes=({'a': 0},))(x)
except ValueError as e:
    print('ValueError', e)
try:
    jax.vmap(f, in_axes=(OrderedDict([('a', 0), ('b', 1)]),))(x)
except ValueError as e:
    print('ValueError', e)
try:
    jax.vmap(f, in_axes=({'a': 0, 'c': 0},))(x)
except ValueError as e:
    print('ValueError', e)

# more mismatches: tuple lengths, list vs tuple, a dict spec over a leaf
def f2(d):
    return jax.tree_util.tree_leaves(d)[0]
x = {'a': jnp.arange(3.0), 'b': jnp.ones((2, 3))}
cases = [
 (({'a': 0},), (x,)),
 ((OrderedDict([('a', 0), ('b', 1)]),), (x,)),
 (((0, 0),), ((jnp.ones(2), jnp.ones(2), jnp.ones(2)),)),
 (([0],), ((jnp.ones(2),),)),
 (({'a': {'q': 0}, 'b': 1},), (x,)),
 (((0, 0),), ([jnp.ones(2), jnp.ones(2)],)),
]
for ia, args in cases:
    try:
        jax.vmap(f2, in_axes=ia)(*args)
        print('ok')
    except ValueError as e:
        print(repr(str(e)))

# a namedtuple and a registered node: spec of the same node type
from collections import namedtuple
P = namedtuple('P', 'u v')
print(jax.vmap(lambda p: p.u + p.v, in_axes=(P(0, None),))(P(jnp.arange(3.0), jnp.float32(1.0))))
@jax.tree_util.register_pytree_node_class
class Box:
    def __init__(self, a, b):
        self.a, self.b = a, b
    def tree_flatten(self):
        return (self.a, self.b), None
    @classmethod
    def tree_unflatten(cls, aux, ch):
        return cls(*ch)
print(jax.vmap(lambda bx: bx.a * bx.b, in_axes=(Box(0, None),))(Box(jnp.arange(3.0), jnp.float32(2.0))))
print(jax.vmap(lambda d: d, out_axes={'x': 1, 'y': 0})({'x': jnp.ones((2, 3)), 'y': jnp.arange(2.0)})['x'].shape)
