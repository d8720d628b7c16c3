# env: XLA_FLAGS=--xla_force_host_platform_device_count=4
# pmap with keyword arguments, closures, control flow and jit inside, pytree in_axes/out_axes,
# booleans; collectives under vmap(axis_name=); the collectives' argument errors.
import jax
import jax.numpy as jnp
from jax import lax

x = jnp.arange(4.)


def show(f, *a, **k):
    try:
        print(f(*a, **k))
    except Exception as e:
        print(type(e).__name__, e)


show(jax.pmap(lambda a, b: a + b), x, b=x)
show(jax.pmap(lambda a: a, out_axes=None), x)
g = jnp.array([10., 20., 30., 40.])
show(jax.pmap(lambda a: a + g.sum()), x)
show(jax.pmap(lambda a: lax.psum(a, ('i',)), axis_name='i'), x)
show(jax.pmap(lambda a: jax.jit(lambda b: lax.psum(b, 'i'))(a), axis_name='i'), x)
show(jax.pmap(lambda a: lax.cond(a > 1, lambda b: lax.psum(b, 'i'), lambda b: lax.psum(-b, 'i'), a), axis_name='i'), x)
show(jax.pmap(lambda a: lax.fori_loop(0, 3, lambda i, c: lax.psum(c, 'i') / 4, a), axis_name='i'), x)
show(jax.pmap(lambda d: d['a'] * d['b'], in_axes=({'a': 0, 'b': None},)), {'a': x, 'b': 2.0})
show(jax.pmap(lambda a: (a, a * 2), out_axes=(0, None)), x)
show(jax.pmap(lambda a, n: a * len(n), static_broadcasted_argnums=(1,)), x, (1, 2))
show(jax.pmap(lambda a: a.astype(jnp.int32) * 2), x)
show(jax.pmap(lambda a: a > 1), x)
show(jax.pmap(lambda a: lax.psum(a > 1, 'i'), axis_name='i'), x)
show(jax.pmap(lambda a: lax.ppermute(a, 'i', [(0, 0), (0, 1)]), axis_name='i'), x)
show(jax.pmap(lambda a: lax.all_to_all(a, 'i', 0, 0), axis_name='i'), jnp.ones((4, 3)))
show(jax.pmap(lambda a: lax.psum_scatter(a, 'i'), axis_name='i'), jnp.ones((4, 3)))
show(jax.pmap(lambda a: lax.all_gather(a, 'i', axis=5), axis_name='i'), x)
show(jax.pmap, 3)
show(jax.vmap(lambda a: lax.psum_scatter(a, 'b'), axis_name='b'), jnp.ones((3, 3)))
show(jax.vmap(lambda a: lax.all_to_all(a, 'b', 0, 0), axis_name='b'), jnp.arange(9.).reshape(3, 3))
show(jax.vmap(lambda a: lax.pmax(a, 'b'), axis_name='b'), jnp.arange(3.))
show(jax.vmap(lambda a: lax.ppermute(a, 'b', [(0, 1), (1, 2), (2, 0)]), axis_name='b'), jnp.arange(3.))
show(jax.pmap(jax.vmap(lambda a: lax.all_gather(a, 'i'))), jnp.arange(8.).reshape(4, 2))
