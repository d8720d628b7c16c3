# env: XLA_FLAGS=--xla_force_host_platform_device_count=4
# Collectives inside pmap over 4 CPU devices: psum, pmean, pmax, pmin, all_gather (axis,
# tiled), ppermute, pswapaxes, all_to_all, psum_scatter, axis_index, pytrees; in_axes,
# out_axes, static_broadcasted_argnums, devices=.
import jax
import jax.numpy as jnp
from jax import lax

print(jax.pmap(lambda x: lax.psum(x, 'i'), axis_name='i')(jnp.arange(4.)))
print(jax.pmap(lambda x: lax.psum(1, 'i'), axis_name='i')(jnp.arange(4.)))
print(jax.pmap(lambda x: x * 2)(jnp.arange(4.)))
print(jax.pmap(lambda x: x)(jnp.ones(3)).shape)
print(jax.pmap(lambda x: x, in_axes=1)(jnp.ones((3, 4))).shape)
print(jax.pmap(lambda x: x, out_axes=1)(jnp.ones((4, 3))).shape)
print(jax.pmap(lambda x, y: x + y, in_axes=(0, None))(jnp.ones((4, 3)), jnp.arange(3.)))
print(jax.pmap(lambda x, n: x * n, static_broadcasted_argnums=1)(jnp.ones(4), 3))
print(jax.pmap(lambda x: x, devices=jax.devices()[:2])(jnp.ones(2)))
print(jax.pmap(lambda x: lax.axis_index('i'), axis_name='i')(jnp.ones(4)))
x8 = jnp.arange(8.).reshape(4, 2)
print(jax.pmap(lambda x: lax.all_gather(x, 'i'), axis_name='i')(x8))
print(jax.pmap(lambda x: lax.all_gather(x, 'i', axis=1), axis_name='i')(x8))
print(jax.pmap(lambda x: lax.all_gather(x, 'i', tiled=True), axis_name='i')(x8))
ring = [(0, 1), (1, 2), (2, 3), (3, 0)]
print(jax.pmap(lambda x: lax.ppermute(x, 'i', ring), axis_name='i')(jnp.arange(4.)))
print(jax.pmap(lambda x: lax.ppermute(x, 'i', [(0, 1), (1, 0)]), axis_name='i')(jnp.arange(4.)))
x16 = jnp.arange(16.).reshape(4, 4)
print(jax.pmap(lambda x: lax.all_to_all(x, 'i', 0, 0), axis_name='i')(x16))
print(jax.pmap(lambda x: lax.pswapaxes(x, 'i', 0), axis_name='i')(x16))
print(jax.pmap(lambda x: lax.all_to_all(x, 'i', 1, 0), axis_name='i')(jnp.arange(32.).reshape(4, 2, 4)))
print(jax.pmap(lambda x: lax.all_to_all(x, 'i', 0, 1, tiled=True), axis_name='i')(jnp.arange(64.).reshape(4, 8, 2)))
print(jax.pmap(lambda x: lax.psum_scatter(x, 'i'), axis_name='i')(x16))
print(jax.pmap(lambda x: lax.psum_scatter(x, 'i', tiled=True), axis_name='i')(jnp.arange(32.).reshape(4, 8)))
print(jax.pmap(lambda x: (lax.pmax(x, 'i'), lax.pmin(x, 'i'), lax.pmean(x, 'i')), axis_name='i')(jnp.arange(4.)))
print(jax.pmap(lambda x: lax.pmean(x, 'i'), axis_name='i')(jnp.arange(4)))
print(jax.pmap(lambda x: lax.psum({'a': x, 'b': 2 * x}, 'i'), axis_name='i')(jnp.arange(4.)))
print(jax.pmap(lambda x: lax.psum(x, 'i'), axis_name='i')(jnp.arange(8).reshape(4, 2)))
# pmap of vmap, vmap with an axis name inside pmap, jit of pmap
print(jax.pmap(jax.vmap(lambda x: lax.psum(x, 'i')), axis_name='i')(x8))
print(jax.pmap(jax.vmap(lambda x: lax.psum(x, 'j'), axis_name='j'))(x8))
print(jax.jit(jax.pmap(lambda x: lax.psum(x, 'i'), axis_name='i'))(jnp.arange(4.)))
# collectives under vmap(axis_name=) alone
print(jax.vmap(lambda x: x - lax.pmean(x, 'b'), axis_name='b')(jnp.arange(5.)))
print(jax.vmap(lambda x: lax.all_gather(x, 'b'), axis_name='b')(jnp.arange(3.)))
print(jax.vmap(lambda x: lax.axis_index('b') * x, axis_name='b')(jnp.ones(3)))
# the same function twice: traced once, run again
f = jax.pmap(lambda x, y: lax.psum(x * y, 'i'), axis_name='i')
print(f(jnp.arange(4.), jnp.ones(4)), f(jnp.ones(4), jnp.arange(4.)))
