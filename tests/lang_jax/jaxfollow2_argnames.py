# The names JAX's messages give arguments: a parameter's name, rest[k] for the values a *rest
# parameter takes, a path into a pytree; under vmap "argument x" and the full dtype name.
import re

import jax
import jax.numpy as jnp


def first_line_tail(e):
    """the part of jit's message after the function's repr (which has an address)"""
    line = str(e).split("\n")[0]
    return line[line.index(" as an abstract array"):]


def jit_arg(label, f, *args, **kw):
    try:
        f(*args, **kw)
        print(label, "no error")
    except TypeError as e:
        print(label, type(e).__name__, first_line_tail(e))


jit_arg("rest[0]", jax.jit(lambda x, *rest: rest[0] + x), 1.0, "a")
jit_arg("rest[1]", jax.jit(lambda x, *rest: x), 1.0, 2.0, "s")
jit_arg("y['a']", jax.jit(lambda x, y: x), 1.0, {"a": "s"})
jit_arg("y kw", jax.jit(lambda x, y: x), 1.0, y="s")
jit_arg("object", jax.jit(lambda x, *r: x), 1.0, object())
jit_arg("static before rest", jax.jit(lambda x, *r: x, static_argnums=(1,)), 1.0, 2, "s")
jit_arg("static by name", jax.jit(lambda n, x, y: x, static_argnames=("n",)), 3, 1.0, "s")


def concrete(label, f, *args):
    try:
        f(*args)
        print(label, "no error")
    except Exception as e:
        m = re.search(r"depends on the value of the argument (\S+?)\.", str(e))
        print(label, type(e).__name__, m.group(1) if m else str(e).split("\n")[0])


concrete("bool of rest[0]", jax.jit(lambda x, *r: 1 if r[0] > 0 else 2), 1.0, 2.0)
concrete("bool of r[1]", jax.jit(lambda x, *r: 1 if r[1] > 0 else 2), 1.0, 2.0, 3.0)
concrete("bool of y after static", jax.jit(lambda n, y: 1 if y > n else 2, static_argnums=0), 1, 2.0)


def vmap_msg(label, f, *args, **kw):
    try:
        f(*args, **kw)
        print(label, "no error")
    except ValueError as e:
        print(label, str(e))


vmap_msg("named", jax.vmap(lambda x, y: x + y), jnp.ones(3), jnp.ones(4))
vmap_msg("pytree", jax.vmap(lambda x, y: x), jnp.ones(3), {"a": jnp.ones(4)})
vmap_msg("in_axes", jax.vmap(lambda x, y: x, in_axes=(0, 1)), jnp.ones(3), jnp.ones((2, 4)))
vmap_msg("rest nested", jax.vmap(lambda x, *rest: x), jnp.ones(3), {"a": jnp.ones(4)})
vmap_msg("rest first", jax.vmap(lambda x, *rest: x), jnp.ones(3), jnp.ones(4), jnp.ones(3))
vmap_msg("rest second", jax.vmap(lambda x, *rest: x), jnp.ones(3), jnp.ones(3), jnp.ones(4))
vmap_msg("rest tuple", jax.vmap(lambda x, *rest: x), jnp.ones(3), (jnp.ones(4),))
vmap_msg("three sizes", jax.vmap(lambda a, b, c, d, e: a),
         jnp.ones(2), jnp.ones(3), jnp.ones((5, 3)), jnp.ones(2), jnp.ones(3))
vmap_msg("ints", jax.vmap(lambda i, y: i), jnp.arange(3), jnp.ones((2, 2), jnp.int32))
# keyword arguments are mapped over axis 0 and named kwargs['y']
vmap_msg("kwarg", jax.vmap(lambda x, y: x), jnp.ones(3), y=jnp.ones(4))
vmap_msg("kwarg ok", lambda: print(jax.vmap(lambda x, y: x + y)(jnp.ones(3), y=jnp.arange(3.0))))
vmap_msg("kwargs most", jax.vmap(lambda x, y, z: x), jnp.ones(3), y=jnp.ones(4), z=jnp.ones(4))
vmap_msg("kwarg scalar", jax.vmap(lambda x, y: x + y), jnp.ones(3), y=2.0)
