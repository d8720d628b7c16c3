# lax.population_count and lax.clz (the primitives added as one entry each, issue 10): every
# integer dtype Sable has, negative values, under jit, vmap and grad, and the dtype errors.
import jax
import jax.numpy as jnp
from jax import lax

vals = [0, 1, 2, 7, 8, 255, 256, 4095, 65535, 2**31 - 1, -1, -2, -2**31, 12345]
for dt in [jnp.int32, jnp.uint32, jnp.uint8]:
    x = jnp.array(vals).astype(dt)
    print(x.dtype, lax.population_count(x).tolist(), lax.clz(x).tolist(), lax.clz(x).dtype)

x = jnp.arange(-6, 6, dtype=jnp.int32).reshape(3, 4)
print(jax.jit(lambda v: lax.population_count(v) * 2 + lax.clz(v))(x))
print(jax.vmap(lax.clz)(x))
print(jax.vmap(lax.population_count, in_axes=1)(x))
print(jax.make_jaxpr(lambda v: lax.clz(lax.population_count(v)))(x))
print(jax.grad(lambda f, i: f * lax.population_count(i).astype(jnp.float32), argnums=0)(2.0, jnp.int32(7)))
for bad in [jnp.array([True, False]), jnp.array([1.5])]:
    for f in [lax.population_count, lax.clz]:
        try:
            f(bad)
        except TypeError as e:
            print("TypeError:", e)

jax.config.update("jax_enable_x64", True)
x = jnp.array([0, 1, -1, 2**40, 9223372036854775807, -9223372036854775807 - 1], dtype=jnp.int64)
print(x.dtype, lax.population_count(x).tolist(), lax.clz(x).tolist())
