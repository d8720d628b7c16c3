# jax.dtypes.float0: grad(allow_int=True) and vjp give float0 zeros (TypedNdArray) for integer
# and boolean inputs; grad without allow_int raises; canonicalize_dtype, issubdtype, result_type.
import jax, jax.numpy as jnp
import numpy as np
print(jax.dtypes.float0, repr(jax.dtypes.float0))
def f(x, n):
    return jnp.sum(x * n)
try:
    jax.grad(f, argnums=1)(jnp.ones(2), 3)
except TypeError as e:
    print("TypeError", e)
try:
    jax.grad(f, argnums=(0, 1))(jnp.ones(2), jnp.arange(2))
except TypeError as e:
    print("TypeError", e)
try:
    jax.grad(lambda b: jnp.where(b, 1.0, 0.0).sum())(jnp.array([True, False]))
except TypeError as e:
    print("TypeError", e)
g = jax.grad(f, argnums=(0, 1), allow_int=True)(jnp.ones(2), jnp.arange(2))
print(g[0], g[1].dtype, g[1].shape, type(g[1]).__name__)
print(repr(g[1]))
g = jax.grad(f, argnums=1, allow_int=True)(jnp.ones(2), 3)
print(repr(g), g.dtype == jax.dtypes.float0)
v, g = jax.value_and_grad(f, argnums=1, allow_int=True)(jnp.ones(2), 3)
print(v, repr(g))
out, pull = jax.vjp(f, jnp.ones(2), 3)
ct = pull(1.0)
print(ct[0], repr(ct[1]))
out, pull = jax.vjp(lambda a, k: a * k, jnp.ones(2), jnp.arange(2))
print(pull(jnp.ones(2)))
print(jax.dtypes.canonicalize_dtype(np.float64), jax.dtypes.canonicalize_dtype(np.int64), jax.dtypes.canonicalize_dtype(jnp.bfloat16))
print(jax.dtypes.issubdtype(jnp.float32, jnp.floating), jax.dtypes.issubdtype(jnp.int32, jnp.floating), jax.dtypes.issubdtype(jax.dtypes.float0, np.inexact))
print(jax.dtypes.result_type(jnp.int32, jnp.float32), jax.dtypes.result_type(1.0, jnp.int32), jax.dtypes.result_type(jnp.ones(2, jnp.bfloat16), 2.0), jax.dtypes.result_type(jnp.int32, jnp.uint8))
print(jax.dtypes.result_type(jnp.float16, jnp.bfloat16))
print(jax.dtypes.finfo(jnp.float32).eps, jax.dtypes.iinfo(jnp.int32).max)
f = lambda x, n: jnp.sum(x) * 1.0
for shp in [(), (3,), (2, 2), (2, 1, 2)]:
    g = jax.grad(f, argnums=1, allow_int=True)(1.0, jnp.zeros(shp, jnp.int32))
    print(g)
    print(repr(g))
    print(g.shape, g.ndim, g.size, g.dtype, g.dtype.name, g.dtype.itemsize, g.dtype.kind, len(g) if g.ndim else "-")
d = jax.grad(lambda p: p["w"].sum() * 2.0, allow_int=True)({"w": jnp.ones(2), "k": 3, "b": True})
print(d)
print(jax.tree_util.tree_leaves(d))
print(jax.dtypes.float0 == jax.dtypes.float0, jax.dtypes.float0.name, str(jax.dtypes.float0))
