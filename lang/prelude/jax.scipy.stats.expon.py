# jax.scipy.stats.expon - the exponential distribution as JAX.
import jax.numpy as jnp
from jax.scipy.special import _inexact



def logpdf(x, loc=0, scale=1):
    x, loc, scale = _inexact(x, loc, scale)
    return jnp.where(x < loc, -jnp.inf, -((x - loc) / scale + jnp.log(scale)))


def pdf(x, loc=0, scale=1):
    return jnp.exp(logpdf(x, loc, scale))


def cdf(x, loc=0, scale=1):
    x, loc, scale = _inexact(x, loc, scale)
    n = (loc - x) / scale
    return jnp.where(x < loc, jnp.zeros_like(n), -jnp.expm1(n))


def logsf(x, loc=0, scale=1):
    x, loc, scale = _inexact(x, loc, scale)
    n = (loc - x) / scale
    return jnp.where(x < loc, jnp.zeros_like(n), n)


def sf(x, loc=0, scale=1):
    return jnp.exp(logsf(x, loc, scale))


def logcdf(x, loc=0, scale=1):
    return jnp.log1p(-sf(x, loc, scale))


def ppf(q, loc=0, scale=1):
    q, loc, scale = _inexact(q, loc, scale)
    return jnp.where(jnp.isnan(q) | (q < 0) | (q > 1), jnp.nan, loc - scale * jnp.log1p(-q))
