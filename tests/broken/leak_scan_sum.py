# a tracer stored from a lax.scan body and reduced with jnp.sum afterwards
import jax
import jax.numpy as jnp
from jax import lax
saved = []
def body(c, x):
    saved.append(c)
    return c + x, None
lax.scan(body, 0.0, jnp.arange(3.0))
print(jnp.sum(saved[0]))
