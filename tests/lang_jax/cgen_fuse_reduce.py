# Reductions fused at the end of elementwise chains (engine/cgen/cgen_red.c): sum, prod, max,
# min, mean over leading, trailing, middle and all axes, several reductions sharing one loop,
# integer and bool dtypes, size-1 dims and sizes past the 128-element pairwise block.
import jax, jax.numpy as jnp
import numpy as np

x = jnp.asarray((np.arange(24 * 40, dtype=np.float32).reshape(24, 40) % 17) - 8.0)
y = jnp.asarray(np.arange(24 * 40, dtype=np.int32).reshape(24, 40) % 11 - 5)

@jax.jit
def stats(a):
    b = a * 2.0 + 1.0
    return jnp.sum(b, axis=1), jnp.max(b, axis=1), jnp.min(b * b, axis=0), jnp.mean(b)

s, mx, mn, m = stats(x)
print(s[:6], mx[:6])
print(mn[:8], m)

@jax.jit
def ints(a):
    c = a * 3 - 1
    return jnp.sum(c, axis=0), jnp.max(c), jnp.min(c, axis=1), jnp.prod(jnp.abs(c) % 3 + 1, axis=1)

for r in ints(y):
    print(r[:8] if r.ndim else r)

@jax.jit
def middle(a):
    return jnp.sum(jnp.abs(a - 1.0), axis=1)

z = x.reshape(4, 6, 40)
print(middle(z)[:, :6])
print(jax.jit(lambda a: jnp.sum(a * a, axis=(0, 2)))(z))

@jax.jit
def anyall(a):
    return jnp.any(a > 7, axis=1), jnp.all(a < 8, axis=0)

p, q = anyall(x)
print(p[:10], q[:10])

big = jnp.asarray(np.linspace(-1.0, 1.0, 100000, dtype=np.float32))
r = jax.jit(lambda a: jnp.sum(a * a))(big)
print(bool(jnp.abs(r - 33334.0) < 0.05), jax.jit(lambda a: jnp.max(jnp.abs(a) * 3.0))(big))
one = jnp.ones((1, 300), dtype=jnp.float32)
print(jax.jit(lambda a: jnp.sum(a * 2.0, axis=0))(one)[:4], jax.jit(lambda a: jnp.sum(a + 1.0, axis=1))(one))
