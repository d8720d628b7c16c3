# jax.scipy.stats.logistic - the logistic distribution as JAX.
import math
import jax.numpy as jnp
from jax import lax
from jax.scipy.special import _inexact, xlogy, xlog1py, gammaln, betaln, betainc, gammainc, gammaincc, logit, expit, ndtr, ndtri, log_ndtr



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
