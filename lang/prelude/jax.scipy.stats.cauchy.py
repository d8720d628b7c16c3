# jax.scipy.stats.cauchy - the Cauchy distribution as JAX.
import math
import jax.numpy as jnp
from jax.scipy.special import _inexact



def logpdf(x, loc=0, scale=1):
    x, loc, scale = _inexact(x, loc, scale)
    sx = (x - loc) / scale
    return -(jnp.log(math.pi * scale) + jnp.log1p(sx * sx))


def pdf(x, loc=0, scale=1):
    return jnp.exp(logpdf(x, loc, scale))


def cdf(x, loc=0, scale=1):
    x, loc, scale = _inexact(x, loc, scale)
    return 0.5 + (1.0 / math.pi) * jnp.arctan((x - loc) / scale)


def logcdf(x, loc=0, scale=1):
    return jnp.log(cdf(x, loc, scale))


def sf(x, loc=0, scale=1):
    x, loc, scale = _inexact(x, loc, scale)
    return cdf(-x, -loc, scale)


def logsf(x, loc=0, scale=1):
    x, loc, scale = _inexact(x, loc, scale)
    return logcdf(-x, -loc, scale)


def isf(q, loc=0, scale=1):
    q, loc, scale = _inexact(q, loc, scale)
    return jnp.tan(math.pi / 2 - math.pi * q) * scale + loc


def ppf(q, loc=0, scale=1):
    q, loc, scale = _inexact(q, loc, scale)
    return jnp.tan(math.pi * q - math.pi / 2) * scale + loc
