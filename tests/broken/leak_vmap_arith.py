# a tracer stored during vmap and used in arithmetic afterwards
import jax
import jax.numpy as jnp
saved = []
def f(x):
    saved.append(x + 1.0)
    return x
jax.vmap(f)(jnp.arange(3.0))
print(jnp.exp(saved[0]) * 2.0)
