# jax.random.choice: a scalar `a` is the population size and must be concrete (JAX raises
# ConcretizationTypeError under jit and vmap); an array `a` may be traced.
import jax
import jax.numpy as jnp

k = jax.random.key(0)


def show(label, thunk):
    try:
        print(label, thunk())
    except Exception as e:
        print(label, type(e).__name__, str(e).split("\n")[0])


show("key traced, a static", lambda: jax.jit(lambda k: jax.random.choice(k, 5, (2,)))(k))
show("key traced, a traced int", lambda: jax.jit(lambda k, a: jax.random.choice(k, a, (2,)))(k, 5))
show("a traced int", lambda: jax.jit(lambda a: jax.random.choice(k, a, (2,)))(5))
show("a traced 0-d array", lambda: jax.jit(lambda a: jax.random.choice(k, a, (3,)))(jnp.array(7)))
show("a traced 1-d array", lambda: jax.jit(lambda a: jax.random.choice(k, a, (2,)))(jnp.arange(5.0)))
show("a traced, replace=False", lambda: jax.jit(
    lambda a: jax.random.choice(k, a, (2,), replace=False))(jnp.arange(5.0) * 2))
show("a by keyword", lambda: jax.jit(lambda n: jax.random.choice(k, a=n, shape=(2,)))(5))
show("vmap over a", lambda: jax.vmap(lambda a: jax.random.choice(k, a, (2,)))(jnp.arange(3) + 2))
show("vmap over rows", lambda: jax.vmap(lambda a: jax.random.choice(k, a, (2,)))(jnp.arange(6.0).reshape(2, 3)))
show("static a", lambda: jax.jit(lambda a: jax.random.choice(k, a, (2,)), static_argnums=0)(5))
show("eager 0-d", lambda: jax.random.choice(k, jnp.array(5), (2,)))
