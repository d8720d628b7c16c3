# jax.scipy.stats.norm - the normal distribution's density, log-density, cdf and quantiles.

import math
import jax.numpy as jnp
from jax import lax


def logpdf(x, loc=0, scale=1):
    x = jnp.asarray(x) * 1.0
    z = (x - loc) / scale
    return -0.5 * z * z - jnp.log(jnp.asarray(scale, dtype=x.dtype)) - 0.5 * math.log(2 * math.pi)


def pdf(x, loc=0, scale=1):
    return jnp.exp(logpdf(x, loc, scale))


def cdf(x, loc=0, scale=1):
    x = jnp.asarray(x) * 1.0
    return 0.5 * lax.erfc(-(x - loc) / (scale * math.sqrt(2)))


def logcdf(x, loc=0, scale=1):
    return jnp.log(cdf(x, loc, scale))


def ppf(q, loc=0, scale=1):
    q = jnp.asarray(q) * 1.0
    return loc + scale * math.sqrt(2) * lax.erf_inv(2 * q - 1)


def sf(x, loc=0, scale=1):
    return 1 - cdf(x, loc, scale)
