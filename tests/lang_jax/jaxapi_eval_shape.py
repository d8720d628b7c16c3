# jax.ShapeDtypeStruct and jax.eval_shape (abstract tracing: nothing computed), abstract leaves in
# jit(f).lower and make_jaxpr, eval_shape of a flax init (flax 0.12.8, jax 0.10.2).
import jax, jax.numpy as jnp
import numpy as np
S = jax.ShapeDtypeStruct
a = S((2, 3), jnp.float32)
print(a)
print(repr(a), a.shape, a.dtype, a.ndim, a.size)
print(S((), "int32"), S([4], np.float32), S((1,2), jnp.dtype("bool")))
print(S((3,), jnp.float32) == S((3,), jnp.float32), S((3,), jnp.float32) == S((3,), jnp.int32))
print(hash(S((3,), jnp.float32)) == hash(S((3,), jnp.float32)))
print(S((), jnp.float32, weak_type=True))
def f(x, y):
    return {"s": jnp.sum(x * 2.0), "m": x @ y, "t": (x.T, y.astype(jnp.int32))}
out = jax.eval_shape(f, S((2, 3), jnp.float32), S((3, 4), jnp.float32))
print(out)
print(jax.eval_shape(f, jnp.ones((5, 2)), jnp.zeros((2, 7))))
print(jax.eval_shape(lambda x: x + 1, 3.0))
print(jax.eval_shape(lambda x: x + 1, 3))
print(jax.eval_shape(lambda x, n: jnp.zeros((n,)) + x, 1.0, 4) if False else "skip")
print(jax.eval_shape(jnp.dot, S((2, 3), jnp.float32), S((3,), jnp.float32)))
print(jax.eval_shape(lambda d: [v.reshape(-1) for v in d.values()], {"a": S((2, 2), jnp.float32), "b": jnp.arange(6)}))
calls = []
def g(x):
    calls.append(1)
    return jnp.tanh(x).mean(axis=0)
print(jax.eval_shape(g, S((10, 3), jnp.float32)), len(calls))
lo = jax.jit(lambda x, y: x @ y).lower(S((2, 3), jnp.float32), S((3, 5), jnp.float32))
print(type(lo).__name__)
print(jax.jit(lambda x: x * 2).lower(S((4,), jnp.int32)).compile()(jnp.arange(4, dtype=jnp.int32)))
print(jax.tree_util.tree_leaves(out)[0])
print(jax.tree_util.tree_map(lambda s: s.shape, out))
print(isinstance(out["s"], jax.ShapeDtypeStruct))
try:
    jax.jit(lambda x: x)(S((2,), jnp.float32))
except TypeError as e:
    print("TypeError", str(e)[:60])
try:
    jax.eval_shape(lambda x, y: x + y, S((2,), jnp.float32), S((3,), jnp.float32))
except TypeError as e:
    print("TypeError", str(e)[:80])
import flax.linen as nn
class MLP(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.relu(nn.Dense(8)(x))
        return nn.Dense(2)(x)
m = MLP()
key = jax.random.PRNGKey(0)
shapes = jax.eval_shape(m.init, key, jnp.ones((4, 3)))
print(jax.tree_util.tree_map(lambda s: (s.shape, str(s.dtype)), shapes))
print(jax.eval_shape(lambda: m.init(key, jnp.ones((1, 5)))))
for p, v in jax.tree_util.tree_flatten_with_path(shapes)[0]:
    print(jax.tree_util.keystr(p), v.shape)
print(jax.eval_shape(jax.random.split, jax.random.key(1)))
