# float0 cotangents (grad/vjp of integer inputs with allow_int) come out of jit and vmap as JAX
# gives them: float0 arrays of the primal's shape, with vmap's batch axis placed by out_axes.
import jax
import jax.numpy as jnp


def f(x, n):
    return x * n


def desc(r):
    return jax.tree_util.tree_map(lambda a: (type(a).__name__, a.shape, str(a.dtype)), r)


def show(label, thunk):
    try:
        print(label, "->", desc(thunk()))
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", str(e)[:120])


g = jax.grad(f, argnums=(0, 1), allow_int=True)
show("eager", lambda: g(2.0, 3))
show("jit", lambda: jax.jit(g)(2.0, 3))
show("jit again (cached)", lambda: jax.jit(g)(5.0, 7))
show("vmap", lambda: jax.vmap(g)(jnp.ones(4), jnp.arange(4)))
show("vmap in_axes None", lambda: jax.vmap(g, in_axes=(0, None))(jnp.ones(4), 3))
show("vmap out_axes None", lambda: jax.vmap(g, in_axes=(0, None), out_axes=(0, None))(jnp.ones(4), 3))
show("jit of vmap", lambda: jax.jit(jax.vmap(g))(jnp.ones(4), jnp.arange(4)))
show("vmap of jit", lambda: jax.vmap(jax.jit(g))(jnp.ones(4), jnp.arange(4)))
show("vmap of vmap", lambda: jax.vmap(jax.vmap(g))(jnp.ones((2, 3)), jnp.ones((2, 3), jnp.int32)))
show("jit vjp", lambda: jax.jit(lambda x, n: jax.vjp(f, x, n)[1](1.0))(2.0, 3))
h = jax.grad(lambda x, n: (x * n).sum(), argnums=1, allow_int=True)
show("vmap out_axes 1", lambda: jax.vmap(h, out_axes=1)(jnp.ones((4, 2)), jnp.ones((4, 2), jnp.int32)))
show("vmap out_axes -1", lambda: jax.vmap(h, out_axes=-1)(jnp.ones((4, 2)), jnp.ones((4, 2), jnp.int32)))
show("jit, tuple of ints", lambda: jax.jit(jax.grad(lambda t: 1.0 * t[0], allow_int=True))((3, 4)))
show("jit, dict with a bool", lambda: jax.jit(jax.grad(
    lambda d: jnp.where(d["m"], d["x"], 0.0).sum(), allow_int=True))({"m": jnp.array([True, False]), "x": jnp.ones(2)}))

r = jax.jit(g)(2.0, 3)
print(float(r[0]), r[1], repr(r[1]), r[1].dtype == jax.dtypes.float0)
r = jax.vmap(g)(jnp.arange(4.0), jnp.arange(4))
print(r[0], r[1], r[1].shape)
