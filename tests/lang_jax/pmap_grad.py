# env: XLA_FLAGS=--xla_force_host_platform_device_count=4
# Differentiation and pmap: grad through psum/pmean/all_gather/ppermute inside pmap, grad of a
# pmap-ed loss, pmap of grad with the gradients averaged, jit of those.
import jax
import jax.numpy as jnp
from jax import lax

x = jnp.arange(4.)
print(jax.pmap(jax.grad(lambda x: lax.psum(x ** 2, 'i')), axis_name='i')(x))
print(jax.grad(lambda x: jax.pmap(lambda y: lax.psum(y ** 2, 'i'), axis_name='i')(x).sum())(x))
print(jax.vmap(jax.grad(lambda x: lax.psum(x ** 2, 'i')), axis_name='i')(x))
print(jax.grad(lambda x: jax.pmap(lambda y: lax.pmean(jnp.sin(y), 'i'), axis_name='i')(x).sum())(x))
print(jax.pmap(jax.grad(lambda y: lax.all_gather(y, 'i').sum()), axis_name='i')(x))
ring = [(0, 1), (1, 2), (2, 3), (3, 0)]
print(jax.pmap(jax.grad(lambda y: (lax.ppermute(y, 'i', ring) * 3.0 + y).sum()), axis_name='i')(x))
print(jax.pmap(jax.grad(lambda y: (lax.ppermute(y, 'i', ring) * lax.axis_index('i')).sum()), axis_name='i')(x))


def loss(w, xb):
    return jnp.mean((xb @ w) ** 2)


w = jnp.array([1.0, -2.0, 0.5])
xs = jnp.arange(24.).reshape(4, 2, 3) / 7
g = jax.pmap(lambda w, xb: lax.pmean(jax.grad(loss)(w, xb), 'd'), axis_name='d', in_axes=(None, 0))(w, xs)
r4 = lambda t: jax.tree_util.tree_map(lambda v: jnp.round(v, 3), t)   # XLA's dot order differs
print(r4(g))
print(r4(jax.grad(loss)(w, xs.reshape(8, 3))))
print(r4(jax.jit(jax.pmap(jax.value_and_grad(loss), in_axes=(None, 0)))(w, xs)))
print(r4(jax.grad(lambda w: jax.pmap(loss, in_axes=(None, 0))(w, xs).mean())(w)))
