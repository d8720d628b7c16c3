# Transposes, reshapes, slices with steps, reversals and broadcasts of a jit function's inputs
# read inside a fused loop as strides (engine/cgen/cgen_plan.c), with and without a reduction.
import jax, jax.numpy as jnp
import numpy as np

a = jnp.asarray(np.arange(40 * 30, dtype=np.float32).reshape(40, 30) % 13)
b = jnp.asarray(np.arange(30 * 40, dtype=np.float32).reshape(30, 40) % 7)
c = jnp.asarray(np.arange(40, dtype=np.float32))

f1 = jax.jit(lambda x, y, z: x.T * y + z)
r = f1(a, b, c)
print(r.shape, r[0, :6], r[29, 34:])
f2 = jax.jit(lambda x, w: jnp.reshape(x, (30, 40)) * w - 1.0)
print(f2(a, b)[3, :8])
f3 = jax.jit(lambda x: x[::2, 1::3] * 2.0 + x[1::2, ::3])
print(f3(a)[:2, :5], f3(a).shape)
f4 = jax.jit(lambda x, y: jnp.sum(x.T * y, axis=1))
print(f4(a, b)[:8])
f5 = jax.jit(lambda x: jnp.max(x[::-1] - jnp.arange(30.0), axis=0))
print(f5(a)[:8])
f6 = jax.jit(lambda x, z: jnp.sum((x.T + z[None, :]) ** 2, axis=0))
print(f6(a, c)[:6])
f7 = jax.jit(lambda x: jnp.reshape(x, (20, 60))[:, ::4] * jnp.reshape(x, (60, 20)).T[:, 1::4])
print(f7(a)[5, :5], f7(a).shape)
