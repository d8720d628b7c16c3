# jax_enable_x64: float64/int64 defaults, 64-bit seeds, and jax.random in float64
import jax
jax.config.update("jax_enable_x64", True)
import jax.numpy as jnp
from jax import random
print(repr(jnp.arange(3)), repr(jnp.array(1.5)), repr(jnp.ones(2)), repr(jnp.arange(3) / 2))
print(repr(random.PRNGKey(2**40 + 5)), repr(random.uniform(random.PRNGKey(0), (2,))), repr(random.normal(random.PRNGKey(0), (2,))))
print(repr(random.randint(random.PRNGKey(0), (3,), 0, 10)))
print(repr(jnp.sum(jnp.arange(5))), repr(jnp.float64(1) + jnp.float32(1)), repr(jnp.array([1, 2], dtype=jnp.int32) * 3))
print(repr(random.permutation(random.PRNGKey(0), 5)), repr(random.choice(random.PRNGKey(0), 5, (3,))))
