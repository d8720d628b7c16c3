# jax.scipy.stats.norm - the normal distribution as JAX writes it (ndtr, log_ndtr and ndtri from
# jax.scipy.special), so tails and gradients match.
import math
import jax.numpy as jnp
from jax.scipy.special import _inexact, ndtr, ndtri, log_ndtr



def logpdf(x, loc=0, scale=1):
    x, loc, scale = _inexact(x, loc, scale)
    s2 = scale * scale
    return (jnp.log(2 * math.pi * s2) + (x - loc) ** 2 / s2) / -2.0


def pdf(x, loc=0, scale=1):
    return jnp.exp(logpdf(x, loc, scale))


def cdf(x, loc=0, scale=1):
    x, loc, scale = _inexact(x, loc, scale)
    return ndtr((x - loc) / scale)


def logcdf(x, loc=0, scale=1):
    x, loc, scale = _inexact(x, loc, scale)
    return log_ndtr((x - loc) / scale)


def ppf(q, loc=0, scale=1):
    return jnp.asarray(ndtri(q) * scale + loc, float)


def logsf(x, loc=0, scale=1):
    x, loc, scale = _inexact(x, loc, scale)
    return logcdf(-x, -loc, scale)


def sf(x, loc=0, scale=1):
    x, loc, scale = _inexact(x, loc, scale)
    return cdf(-x, -loc, scale)


def isf(q, loc=0, scale=1):
    return ppf(1 - jnp.asarray(q), loc, scale)
