# jax.random inside jit and vmap (dropout-style masks, keys split inside a jitted step, vmap
# over a batch of keys), and jax.pure_callback under jit / vmap.
import jax
import jax.numpy as jnp
import numpy as np
from jax import jit, vmap, random

key = random.PRNGKey(42)


@jit
def dropout_step(key, x):
    key, sub = random.split(key)
    mask = random.bernoulli(sub, 0.7, x.shape)
    return key, jnp.where(mask, x / 0.7, 0.0)


k, y = dropout_step(key, jnp.ones(8))
print(k, jnp.round(y, 4))
k, y = dropout_step(k, jnp.ones(8))
print(k, jnp.round(y, 4))
keys = random.split(key, 4)
print(jnp.round(vmap(lambda kk: random.normal(kk, (3,)))(keys), 5))
print(jnp.round(vmap(lambda kk: random.uniform(kk, (), minval=2.0, maxval=3.0))(keys), 5))
print(jit(lambda kk: random.randint(kk, (5,), 0, 10))(key))
print(vmap(lambda kk, n: random.fold_in(kk, 7))(keys, jnp.arange(4)))


def host_cumsum(x):
    return np.cumsum(np.asarray(x)).astype(np.float32)


spec = jax.ShapeDtypeStruct((4,), jnp.float32)
print(jax.pure_callback(host_cumsum, spec, jnp.arange(4.0)))
print(jit(lambda a: jax.pure_callback(host_cumsum, spec, a) + 1.0)(jnp.arange(4.0)))
print(vmap(lambda a: jax.pure_callback(host_cumsum, spec, a, vmap_method="sequential"), in_axes=0)(jnp.ones((2, 4))))
