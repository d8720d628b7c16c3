# lax.cond / switch / while_loop / fori_loop / scan / map: values, jit, grad through cond and
# scan, jvp, vmap of every one of them (batched predicates included).
import jax
import jax.numpy as jnp
from jax import grad, jit, vmap, lax


def r(x):
    return jnp.round(x, 4)


x = jnp.arange(4.0)
print(lax.cond(True, lambda a: a + 1, lambda a: a - 1, x))
print(lax.cond(x[2] > 5, lambda a, b: a * b, lambda a, b: a - b, x, 2.0))
print(jit(lambda p, a: lax.cond(p, lambda b: b * 2, lambda b: -b, a))(True, x))
print(jit(lambda p, a: lax.cond(p, lambda b: b * 2, lambda b: -b, a))(False, x))
print(lax.switch(1, [lambda a: a, lambda a: a * 2, lambda a: a * 3], x))
print(lax.switch(7, [lambda a: a, lambda a: a * 2, lambda a: a * 3], x))
print(lax.switch(-3, [lambda a: a, lambda a: a * 2, lambda a: a * 3], x))
i, v = lax.while_loop(lambda c: c[0] < 5, lambda c: (c[0] + 1, c[1] * 2.0), (0, 1.0))
print(i, v)
print(lax.fori_loop(0, 5, lambda k, a: a + k, 0.0))
print(lax.fori_loop(2, 6, lambda k, a: a * k, 1))
print(jit(lambda n: lax.fori_loop(0, n, lambda k, a: a + 2.0, 0.0))(7))


def step(c, xi):
    return c * 0.5 + xi, c * xi


print(r(lax.scan(step, 1.0, x)[0]), r(lax.scan(step, 1.0, x)[1]))
print(r(lax.scan(step, 1.0, x, reverse=True)[1]))
print(lax.scan(lambda c, _: (c + 1, c * c), 0, None, length=4))
print(lax.map(lambda a: a ** 2 + 1.0, x))
print(lax.scan(lambda c, d: (c + d["a"] * d["b"], None), 0.0, {"a": x, "b": x + 1.0}))

# differentiation
sq_or_neg = lambda a: lax.cond(a > 0, lambda b: b ** 2, lambda b: -3.0 * b, a)
print(grad(sq_or_neg)(3.0), grad(sq_or_neg)(-3.0), jit(grad(sq_or_neg))(3.0), jit(grad(sq_or_neg))(-1.0))
print(vmap(grad(sq_or_neg))(jnp.array([-2.0, 0.5, 2.0])))
print(r(grad(lambda c0: lax.scan(step, c0, x)[0])(1.0)))
print(r(grad(lambda xs: jnp.sum(lax.scan(step, 1.0, xs)[1]))(x)))
print(r(jit(grad(lambda xs: jnp.sum(lax.scan(step, 1.0, xs)[1])))(x)))
w = jnp.array([[0.5, -0.2], [0.1, 0.3]])


def rnn(w, xs):
    def cell(h, xt):
        h = jnp.tanh(w @ h + xt)
        return h, jnp.sum(h)
    h, ys = lax.scan(cell, jnp.zeros(2), xs)
    return jnp.sum(ys) + jnp.sum(h)


xs = jnp.array([[1.0, 0.0], [0.5, -0.5], [0.0, 1.0]])
print(r(grad(rnn)(w, xs)))
print(r(jit(grad(rnn, argnums=(0, 1)))(w, xs)[1]))
print(r(grad(lambda v: lax.fori_loop(0, 3, lambda k, a: a * v + k, 1.0))(2.0)))
print(r(jax.jvp(lambda c0: lax.scan(step, c0, x)[0], (1.0,), (1.0,))[1]))
print(jax.jvp(lambda v: lax.while_loop(lambda c: c[0] < 3, lambda c: (c[0] + 1, c[1] * v), (0, 1.0))[1], (2.0,), (1.0,)))
print(jax.jvp(sq_or_neg, (2.0,), (1.0,)))

# vmap
print(vmap(lambda a: lax.cond(a > 1, lambda b: b * 10, lambda b: b, a))(x))
print(vmap(lambda a, p: lax.cond(p, lambda b: b + 1, lambda b: b - 1, a))(x, jnp.array([True, False, True, False])))
print(vmap(lambda k: lax.switch(k, [lambda: 0.0, lambda: 1.0, lambda: 2.0]))(jnp.array([2, 0, 1, 5])))
print(vmap(lambda a: lax.while_loop(lambda c: c < a, lambda c: c + 1.0, 0.0))(x))
print(vmap(lambda a: lax.fori_loop(0, 3, lambda k, c: c * a, 1.0))(x))
print(r(vmap(lambda a: lax.scan(step, a, x)[0])(x)))
print(r(vmap(lambda row: lax.scan(step, 0.0, row)[1])(jnp.arange(6.0).reshape(2, 3))))
print(r(vmap(grad(lambda c0: lax.scan(step, c0, x)[0]))(x)))
# second order through control flow: forward-over-reverse
print(r(jax.hessian(lambda v: rnn(v, xs))(w)).reshape(4, 4))
print(r(jax.jacfwd(grad(sq_or_neg))(2.0)), r(jax.jacfwd(grad(lambda c0: lax.scan(step, c0, x)[0] ** 2))(1.0)))
