# grad/value_and_grad (argnums, has_aux, pytrees), jvp, vjp, linearize, jacfwd/jacrev/hessian,
# vmap (in_axes, out_axes, nesting, axis_size), stop_gradient, custom_jvp, custom_vjp.
import jax
import jax.numpy as jnp
from jax import grad, jit, vmap, value_and_grad


def r(x):
    return jnp.round(x, 4)


def loss(params, x, y):
    w, b = params["w"], params["b"]
    pred = jnp.tanh(x @ w + b)
    return jnp.mean((pred - y) ** 2)


params = {"w": jnp.array([[0.1, -0.2], [0.3, 0.4], [-0.5, 0.6]]), "b": jnp.array([0.01, -0.02])}
x = jnp.array([[1.0, 2.0, 3.0], [-1.0, 0.5, 2.0]])
y = jnp.array([[0.5, -0.5], [0.2, 0.1]])
g = grad(loss)(params, x, y)
print(sorted(g.keys()), r(g["w"]), r(g["b"]))
v, g2 = value_and_grad(loss, argnums=(0, 1))(params, x, y)
print(r(v), r(g2[1]))
gx = grad(loss, argnums=1)(params, x, y)
print(r(gx))


def with_aux(a):
    return jnp.sum(a ** 2), {"norm": jnp.sqrt(jnp.sum(a ** 2)), "n": a.shape[0]}


ga, aux = grad(with_aux, has_aux=True)(jnp.array([3.0, 4.0]))
print(ga, aux["norm"], aux["n"])
(val, aux2), gb = value_and_grad(with_aux, has_aux=True)(jnp.array([1.0, 2.0]))
print(val, aux2["norm"], gb)

p, t = jax.jvp(lambda a, b: a * jnp.sin(b), (2.0, 0.5), (1.0, 0.0))
print(r(p), r(t))
p, t = jax.jvp(lambda d: {"s": d["a"] * d["b"]}, ({"a": 2.0, "b": 3.0},), ({"a": 1.0, "b": 1.0},))
print(p, t)
out, vjp_fn = jax.vjp(lambda a, b: (a * b, a + b), jnp.array([1.0, 2.0]), jnp.array([3.0, 4.0]))
print(out, vjp_fn((jnp.array([1.0, 1.0]), jnp.array([0.5, 0.5]))))
out, f_jvp = jax.linearize(jnp.sin, 1.0)
print(r(out), r(f_jvp(2.0)))


def fv(a):
    return jnp.array([a[0] * a[1], a[1] ** 2, jnp.sin(a[0])])


a0 = jnp.array([1.0, 2.0])
print(r(jax.jacfwd(fv)(a0)))
print(r(jax.jacrev(fv)(a0)))
print(r(jax.hessian(lambda a: jnp.sum(a ** 3) + a[0] * a[1])(a0)))
print(r(jax.jacfwd(jax.jacrev(lambda a: jnp.sum(jnp.exp(a))))(a0)))
jd = jax.jacrev(lambda d: d["u"] * d["v"])({"u": jnp.array([1.0, 2.0]), "v": jnp.array([3.0, 4.0])})
print(r(jd["u"]), r(jd["v"]))

m = jnp.arange(6.0).reshape(2, 3)
print(vmap(jnp.sum)(m), vmap(jnp.sum, in_axes=1)(m))
print(vmap(lambda a, b: a * b, in_axes=(0, None))(m, jnp.array([1.0, 2.0, 3.0])))
print(vmap(lambda a: a * 2, out_axes=1)(m))
print(vmap(lambda d: d["a"] + d["b"], in_axes=({"a": 0, "b": None},))({"a": m, "b": 1.0}))
print(vmap(vmap(lambda a, b: a + b, in_axes=(0, None)), in_axes=(None, 0))(jnp.arange(3.0), jnp.arange(2.0) * 10))
print(vmap(lambda: 1.0, axis_size=3)())
print(vmap(lambda a: (a, 2.0 * a), out_axes=(0, None))(jnp.ones(3))[1] if False else "skip")
print(vmap(jnp.outer)(m, m).shape)


def sg(a):
    return jnp.sum(a * jax.lax.stop_gradient(a))


print(grad(sg)(jnp.array([1.0, 2.0])))


@jax.custom_jvp
def safe_log1pexp(a):
    return jnp.log1p(jnp.exp(a))


@safe_log1pexp.defjvp
def safe_log1pexp_jvp(primals, tangents):
    (a,), (ta,) = primals, tangents
    return safe_log1pexp(a), ta * (1.0 - 1.0 / (1.0 + jnp.exp(a)))


print(r(grad(safe_log1pexp)(3.0)), r(vmap(grad(safe_log1pexp))(jnp.array([0.0, 1.0]))))
print(r(jax.jvp(safe_log1pexp, (2.0,), (1.0,))[1]))


@jax.custom_vjp
def clip_grad(a):
    return a


def clip_fwd(a):
    return a, None


def clip_bwd(res, gr):
    return (jnp.clip(gr, -1.0, 1.0),)


clip_grad.defvjp(clip_fwd, clip_bwd)
print(grad(lambda a: 5.0 * clip_grad(a))(2.0), grad(lambda a: jnp.sum(0.5 * clip_grad(a)))(jnp.ones(2)))
print(jit(grad(lambda a: 3.0 * clip_grad(a) ** 2))(0.1))
