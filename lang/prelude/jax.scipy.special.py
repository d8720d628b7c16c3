# jax.scipy.special - logsumexp and the special functions courses use, written with jax.numpy
# and jax.lax so that the transformations apply.

import jax.numpy as jnp
from jax import lax


def _sg(x):
    f = getattr(lax, "stop_gradient", None)
    return f(x) if f is not None else x


def logsumexp(a, axis=None, b=None, keepdims=False, return_sign=False, where=None):
    a = jnp.asarray(a)
    if not jnp.issubdtype(a.dtype, jnp.floating):
        a = a.astype(jnp.result_type(float))
    amax = jnp.max(a, axis=axis, keepdims=True, where=where,
                   initial=-jnp.inf if where is not None else None)
    amax = _sg(jnp.where(jnp.isfinite(amax), amax, 0.0))
    e = jnp.exp(a - amax)
    if b is not None:
        e = e * jnp.asarray(b)
    s = jnp.sum(e, axis=axis, keepdims=keepdims, where=where)
    sign = jnp.sign(s)
    out = jnp.log(jnp.abs(s)) if (return_sign or b is not None) else jnp.log(s)
    if not keepdims:
        amax = jnp.squeeze(amax, axis=axis) if axis is not None else jnp.reshape(amax, ())
    out = out + amax
    if return_sign:
        return out, sign
    if b is not None:
        out = jnp.where(sign < 0, jnp.nan, out)
    return out


def expit(x):
    return lax.logistic(jnp.asarray(x) * 1.0)


def logit(x):
    x = jnp.asarray(x) * 1.0
    return jnp.log(x / (1 - x))


def log_expit(x):
    return -jnp.logaddexp(-jnp.asarray(x), 0)


def erf(x):
    return lax.erf(jnp.asarray(x) * 1.0)


def erfc(x):
    return lax.erfc(jnp.asarray(x) * 1.0)


def erfinv(x):
    return lax.erf_inv(jnp.asarray(x) * 1.0)


def gammaln(x):
    return lax.lgamma(jnp.asarray(x) * 1.0)


def xlogy(x, y):
    x = jnp.asarray(x) * 1.0
    y = jnp.asarray(y) * 1.0
    return jnp.where(x == 0, 0.0, x * jnp.log(jnp.where(x == 0, 1.0, y)))


def xlog1py(x, y):
    x = jnp.asarray(x) * 1.0
    y = jnp.asarray(y) * 1.0
    return jnp.where(x == 0, 0.0, x * jnp.log1p(jnp.where(x == 0, 0.0, y)))


def entr(x):
    x = jnp.asarray(x) * 1.0
    return jnp.where(x > 0, -x * jnp.log(jnp.where(x > 0, x, 1.0)), jnp.where(x == 0, 0.0, -jnp.inf))


def ndtr(x):
    x = jnp.asarray(x) * 1.0
    return 0.5 * lax.erfc(-x / jnp.sqrt(2.0).astype(x.dtype))


def ndtri(p):
    p = jnp.asarray(p) * 1.0
    return jnp.sqrt(2.0).astype(p.dtype) * lax.erf_inv(2 * p - 1)


def softmax(x, axis=None):
    x = jnp.asarray(x)
    e = jnp.exp(x - _sg(jnp.max(x, axis=axis, keepdims=True)))
    return e / jnp.sum(e, axis=axis, keepdims=True)


def log_softmax(x, axis=None):
    x = jnp.asarray(x)
    s = x - _sg(jnp.max(x, axis=axis, keepdims=True))
    return s - jnp.log(jnp.sum(jnp.exp(s), axis=axis, keepdims=True))
