# jax.scipy.stats.t - the Student t density as JAX.
import math
import jax.numpy as jnp
from jax import lax
from jax.scipy.special import _inexact



def logpdf(x, df, loc=0, scale=1):
    x, df, loc, scale = _inexact(x, df, loc, scale)
    sx = (x - loc) / scale
    h = df / 2.0
    h1 = h + 0.5
    norm = lax.lgamma(h) + jnp.log(scale * scale * math.pi * df) / 2.0 - lax.lgamma(h1)
    return -(norm + h1 * jnp.log1p(sx * sx / df))


def pdf(x, df, loc=0, scale=1):
    return jnp.exp(logpdf(x, df, loc, scale))
