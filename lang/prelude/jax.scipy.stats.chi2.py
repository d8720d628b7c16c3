# jax.scipy.stats.chi2 - the chi-squared distribution as JAX (cdf/sf through gammainc).
import math
import jax.numpy as jnp
from jax import lax
from jax.scipy.special import _inexact, gammainc, gammaincc



def logpdf(x, df, loc=0, scale=1):
    x, df, loc, scale = _inexact(x, df, loc, scale)
    y = (x - loc) / scale
    h = df / 2.0
    kernel = (h - 1) * jnp.log(y) - y / 2.0
    nc = -(lax.lgamma(h) + math.log(2.0) * df / 2.0)
    return jnp.where(x < loc, -jnp.inf, nc - jnp.log(scale) + kernel)


def pdf(x, df, loc=0, scale=1):
    return jnp.exp(logpdf(x, df, loc, scale))


def cdf(x, df, loc=0, scale=1):
    x, df, loc, scale = _inexact(x, df, loc, scale)
    return gammainc(df / 2.0, jnp.clip((x - loc) / (scale * 2.0), 0.0, jnp.inf))


def logcdf(x, df, loc=0, scale=1):
    return jnp.log(cdf(x, df, loc, scale))


def sf(x, df, loc=0, scale=1):
    x, df, loc, scale = _inexact(x, df, loc, scale)
    return gammaincc(df / 2.0, jnp.clip((x - loc) / (scale * 2.0), 0.0, jnp.inf))


def logsf(x, df, loc=0, scale=1):
    return jnp.log(sf(x, df, loc, scale))
