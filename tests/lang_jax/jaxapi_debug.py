# jax.debug.print / jax.debug.callback inside jit, grad and vmap; jax.block_until_ready on pytrees.
import jax, jax.numpy as jnp
@jax.jit
def f(x):
    jax.debug.print("x = {}", x)
    y = jnp.sin(x) * 2
    jax.debug.print("y={y} sum={s:.3f}", y=y, s=jnp.sum(y))
    return y
print(f(jnp.arange(3.0)))
def g(x):
    jax.debug.print("in grad: {x}", x=x)
    return jnp.sum(x ** 2)
print(jax.grad(g)(jnp.array([1.0, 2.0])))
print(jax.vmap(lambda v: (jax.debug.print("v {}", v), v * 2)[1])(jnp.arange(3)))
seen = []
def cb(a, b):
    seen.append((a.tolist(), float(b)))
@jax.jit
def h(x):
    jax.debug.callback(cb, x, jnp.sum(x))
    return x + 1
print(h(jnp.ones(2)), seen)
tree = {"a": jnp.ones(2), "b": [jnp.zeros(1), 3]}
print(jax.block_until_ready(tree))
print(jax.block_until_ready(jnp.ones(2)).block_until_ready())
jax.jit(lambda x: jax.debug.print("{} and {}", x, x + 1))(1.0)
jax.jit(lambda x: jax.debug.print("ordered {}", x, ordered=True))(jnp.int32(5))
print(jax.grad(lambda x: jax.jit(g)(x))(jnp.array([3.0])))
