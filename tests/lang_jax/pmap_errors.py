# env: XLA_FLAGS=--xla_force_host_platform_device_count=4
# pmap's errors as JAX 0.10 words them: a mapped axis that does not fit the devices, no
# mapped argument, unbound axis names, pmax's missing derivative.
import jax
import jax.numpy as jnp
from jax import lax


def show(f, *a):
    try:
        print(f(*a).shape)
    except Exception as e:
        print(type(e).__name__, e)


ident = jax.pmap(lambda x: x)
for shp in [(8,), (6,), (3,), (8, 3), (5, 2), ()]:
    show(ident, jnp.ones(shp))
show(jax.pmap(lambda x, y: x + y), jnp.ones(4), jnp.ones(3))
show(jax.pmap(lambda x: x, in_axes=1), jnp.ones((4, 5)))
show(jax.pmap(lambda x: x, devices=jax.devices()[:2]), jnp.ones(4))
show(ident, 3.0)
show(lambda: lax.psum(1., 'i'))
show(jax.pmap(lambda x: lax.psum(x, 'j'), axis_name='i'), jnp.arange(4.))
show(jax.pmap(jax.grad(lambda y: lax.pmax(y, 'i')), axis_name='i'), jnp.arange(4.))
show(jax.pmap(lambda x: x / 0.0), jnp.arange(4.))
