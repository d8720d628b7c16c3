# jax.scipy.stats.logistic - the logistic distribution as JAX.
import jax.numpy as jnp
from jax.scipy.special import _inexact, logit, expit



def logpdf(x, loc=0, scale=1):
    x, loc, scale = _inexact(x, loc, scale)
    x = (x - loc) / scale
    h = x / 2.0
    return -2.0 * jnp.logaddexp(h, -h) - jnp.log(scale)


def pdf(x, loc=0, scale=1):
    return jnp.exp(logpdf(x, loc, scale))


def ppf(x, loc=0, scale=1):
    x, loc, scale = _inexact(x, loc, scale)
    return logit(x) * scale + loc


def sf(x, loc=0, scale=1):
    x, loc, scale = _inexact(x, loc, scale)
    return expit(-(x - loc) / scale)


def isf(x, loc=0, scale=1):
    x, loc, scale = _inexact(x, loc, scale)
    return -logit(x) * scale + loc


def cdf(x, loc=0, scale=1):
    x, loc, scale = _inexact(x, loc, scale)
    return expit((x - loc) / scale)
