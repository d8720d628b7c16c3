# float0 arrays (grad's cotangents of integer inputs) as inputs to jit: JAX traces them (no data)
# and keys its cache on their shape; the function sees an array of that shape and dtype.
import jax
import jax.numpy as jnp

g = jax.grad(lambda x, n: (x * n).sum(), argnums=(0, 1), allow_int=True)
_, f3 = g(jnp.ones(3), jnp.arange(3))
_, f2 = g(jnp.ones(2), jnp.arange(2))
traces = []


def inspect(x, y):
    traces.append((x.shape, str(x.dtype)))
    return x, y * 2


f = jax.jit(inspect)


def desc(r):
    return jax.tree_util.tree_map(lambda a: (type(a).__name__, a.shape, str(a.dtype)), r)


print(desc(f(f3, 1.0)))
r = f(f3, 2.0)
print(desc(r), float(r[1]), r[0].dtype == jax.dtypes.float0)
print(desc(f(f2, 3.0)))
print("traces:", traces)
print(desc(jax.jit(lambda d: (d["a"], d["b"] + 1))({"a": f3, "b": jnp.arange(3.0)})))
print(desc(jax.jit(lambda t: jax.tree_util.tree_map(lambda a: a, t))(g(jnp.ones(3), jnp.arange(3)))))
print(desc(jax.jit(lambda x, y: y.sum())(f3, jnp.arange(4.0))), float(jax.jit(lambda x, y: y.sum())(f3, jnp.arange(4.0))))
# a float0 input whose function ignores it, under an outer jit
print(desc(jax.jit(lambda y: jax.jit(lambda x, z: z + 1)(f3, y))(1.0)))
# grad over the integer arguments, then jit of a function that takes the cotangent back
h = jax.jit(lambda ct, x: (ct, jnp.sin(x)))
ct = jax.grad(lambda n, x: (n * x).sum(), allow_int=True)(jnp.arange(3), jnp.ones(3))
out = h(ct, jnp.zeros(3))
print(desc(out), out[1])
