# Python generators iterated inside traced code (jit, grad, vmap): plain Python iteration at
# trace time, as in JAX
import jax
import jax.numpy as jnp


def layer_params(params):
    for w, b in params:
        yield w, b


def mlp(params, x):
    for w, b in layer_params(params):
        x = jnp.tanh(x @ w + b)
    return x.sum()


params = [(jnp.ones((3, 4)) * 0.1, jnp.zeros(4)), (jnp.ones((4, 2)) * 0.2, jnp.ones(2) * 0.5)]
x = jnp.arange(6.0).reshape(2, 3)
print(round(float(mlp(params, x)), 5))
print(round(float(jax.jit(mlp)(params, x)), 5))
g = jax.grad(mlp)(params, x)
print([tuple(round(float(v), 5) for v in (gw.sum(), gb.sum())) for gw, gb in g])


def powers(x, n):
    p = x
    for _ in range(n):
        yield p
        p = p * x


@jax.jit
def poly(x):
    return sum(c * p for c, p in zip([1.0, 2.0, 3.0], powers(x, 3)))


print(poly(2.0))
print(jax.grad(poly)(2.0))
print(jax.vmap(poly)(jnp.arange(3.0)))


def running(xs):
    total = 0.0
    for x in xs:
        total = total + x
        yield total


@jax.jit
def cumulative(v):
    return jnp.stack(list(running([v[0], v[1], v[2]])))


print(cumulative(jnp.array([1.0, 2.0, 3.0])))


def chunks(v, size):
    for i in range(0, v.shape[0], size):
        yield v[i:i + size]


@jax.jit
def chunk_sums(v):
    return jnp.stack([c.sum() for c in chunks(v, 2)])


print(chunk_sums(jnp.arange(8.0)))
print(jax.grad(lambda v: (chunk_sums(v) ** 2).sum())(jnp.arange(4.0)))
