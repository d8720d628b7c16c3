# A value stored during a transformation and used after it has returned: every use raises
# jax.errors.UnexpectedTracerError (or JAX's concretization error for conversions); the first
# line of each message is JAX's.
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax


def first_line(thunk):
    try:
        r = thunk()
        return "ok " + str(getattr(r, "shape", r))
    except Exception as e:
        # JAX's sentence about the leak; what follows it on the line is each system's own
        line = str(e).splitlines()[0]
        return type(e).__name__ + ": " + line.split(" to escape the scope")[0]


store = []


def f(x):
    store.append(x * 2.0)
    return x * 3.0


def fsum(x):
    store.append(jnp.sin(x))
    return jnp.sum(x * 3.0)


@jax.custom_jvp
def cj(x):
    return jnp.sin(x)


@cj.defjvp
def cj_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    d = jnp.cos(x) * t
    store.append(d)
    return cj(x), d


@jax.custom_vjp
def cv(x):
    return jnp.sin(x)


def cv_fwd(x):
    store.append(x * 5.0)
    return jnp.sin(x), jnp.cos(x)


def cv_bwd(c, g):
    return (c * g,)


cv.defvjp(cv_fwd, cv_bwd)

transforms = [
    ("grad", lambda: jax.grad(f)(1.0)),
    ("grad vector", lambda: jax.grad(fsum)(jnp.ones(2))),
    ("value_and_grad", lambda: jax.value_and_grad(f)(1.0)),
    ("vjp", lambda: jax.vjp(f, 1.0)),
    ("jvp", lambda: jax.jvp(f, (1.0,), (1.0,))),
    ("vmap", lambda: jax.vmap(f)(jnp.arange(3.0))),
    ("vmap 2d", lambda: jax.vmap(f)(jnp.ones((3, 2)))),
    ("jacfwd", lambda: jax.jacfwd(f)(1.0)),
    ("jacrev", lambda: jax.jacrev(f)(1.0)),
    ("hessian", lambda: jax.hessian(f)(1.0)),
    ("jit", lambda: jax.jit(lambda x: f(x))(1.0)),
    ("scan", lambda: lax.scan(lambda c, x: (f(c), None), 1.0, None, length=2)),
    ("fori_loop", lambda: lax.fori_loop(0, 2, lambda i, c: f(c), 1.0)),
    ("cond", lambda: lax.cond(True, lambda x: f(x), lambda x: x, 1.0)),
    ("while_loop", lambda: lax.while_loop(lambda c: c < 5.0, lambda c: f(c), 1.0)),
    ("grad of scan", lambda: jax.grad(lambda x: lax.scan(lambda c, _: (f(c), None), x, None,
                                                         length=2)[0])(1.0)),
    ("custom_jvp rule under vmap of jvp",
     lambda: jax.vmap(lambda x: jax.jvp(cj, (x,), (1.0,)))(jnp.arange(2.0))),
    ("custom_vjp under jit of grad", lambda: jax.jit(jax.grad(cv))(1.0)),
    ("custom_vjp under vmap", lambda: jax.vmap(jax.grad(cv))(jnp.arange(2.0))),
]

uses = [
    ("add", lambda t: t + 1.0),
    ("radd", lambda t: 1.0 + t),
    ("mul tracer", lambda t: t * t),
    ("neg", lambda t: -t),
    ("compare", lambda t: t < 2.0),
    ("jnp.sin", lambda t: jnp.sin(t)),
    ("jnp.sum", lambda t: jnp.sum(t)),
    ("jnp.stack", lambda t: jnp.stack([t, t])),
    ("jnp.where", lambda t: jnp.where(True, t, 0.0)),
    ("astype", lambda t: t.astype(jnp.int32)),
    ("reshape", lambda t: jnp.reshape(t, (-1,))),
    ("float", lambda t: float(t)),
    ("int", lambda t: int(t)),
    ("grad of closure", lambda t: jax.grad(lambda y: jnp.sum(y * t))(1.0)),
    ("jit of closure", lambda t: jax.jit(lambda y: y * t)(1.0)),
    ("vmap of closure", lambda t: jax.vmap(lambda y: y * t)(jnp.arange(2.0))),
    ("jvp of closure", lambda t: jax.jvp(lambda y: y * t, (1.0,), (1.0,))),
    ("passed to grad", lambda t: jax.grad(lambda y: jnp.sum(y * 2.0))(t)),
    ("passed to jit", lambda t: jax.jit(lambda y: y * 2.0)(t)),
    ("scan over it", lambda t: lax.scan(lambda c, x: (c + x, None), 0.0, jnp.reshape(t, (-1,)))),
    ("fori_loop carry", lambda t: lax.fori_loop(0, 2, lambda i, c: c + 1.0, t)),
    ("cond operand", lambda t: lax.cond(True, lambda x: x, lambda x: x, t)),
    ("shape", lambda t: t.shape),
    ("dtype", lambda t: str(t.dtype)),
    ("ndim", lambda t: t.ndim),
]

for tname, tf in transforms:
    store.clear()
    tf()
    leaked = store[0]
    print("==", tname)
    for uname, u in uses:
        print(" ", uname, "->", first_line(lambda: u(leaked)))
    del leaked
store.clear()
print("done")
