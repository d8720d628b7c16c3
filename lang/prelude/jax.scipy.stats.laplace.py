# jax.scipy.stats.laplace - the Laplace distribution as JAX.
import jax.numpy as jnp
from jax.scipy.special import _inexact



def logpdf(x, loc=0, scale=1):
    x, loc, scale = _inexact(x, loc, scale)
    return -(jnp.abs(x - loc) / scale + jnp.log(2 * scale))


def pdf(x, loc=0, scale=1):
    return jnp.exp(logpdf(x, loc, scale))


def cdf(x, loc=0, scale=1):
    x, loc, scale = _inexact(x, loc, scale)
    d = (x - loc) / scale
    return jnp.where(d <= 0, 0.5 * jnp.exp(d), 1 - 0.5 * jnp.exp(-d))
