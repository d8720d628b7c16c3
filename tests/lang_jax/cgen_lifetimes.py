# A fused elementwise group whose operand is last read, between the group's members, by an
# equation that is not fused (a reduction): the operand must outlive it (engine/cgen).
import jax, jax.numpy as jnp

def f(y, w):
    x = jnp.dot(y, w)
    a = x * 2.0
    s = jnp.sum(x)
    c = a + 1.0
    return c * s

def g(y):
    x = jnp.tanh(y) * 3.0
    m = jnp.max(x, axis=1, keepdims=True)
    z = jnp.exp(x - m)
    return z / jnp.sum(z, axis=1, keepdims=True)

y = jnp.arange(512.0).reshape(32, 16) / 512.0
w = jnp.ones((16, 16)) * 0.5
print(jax.jit(f)(y, w)[0, :3], jax.jit(f)(y, w)[31, 15])
print(jnp.round(jax.jit(g)(y)[3, :4], 5))
print(jnp.allclose(jax.jit(g)(y), g(y), rtol=1e-6))
