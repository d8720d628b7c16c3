# jax.scipy.stats.uniform - the uniform distribution on [loc, loc + scale] as JAX.
import jax.numpy as jnp
from jax.scipy.special import _inexact



def logpdf(x, loc=0, scale=1):
    x, loc, scale = _inexact(x, loc, scale)
    return jnp.where((x > loc + scale) | (x < loc), -jnp.inf, -jnp.log(scale))


def pdf(x, loc=0, scale=1):
    return jnp.exp(logpdf(x, loc, scale))


def cdf(x, loc=0, scale=1):
    x, loc, scale = _inexact(x, loc, scale)
    return jnp.select([x < loc, x > loc + scale, (x >= loc) & (x <= loc + scale)],
                      [0.0, 1.0, (x - loc) / scale]).astype(x.dtype)


def ppf(q, loc=0, scale=1):
    q, loc, scale = _inexact(q, loc, scale)
    return jnp.where(jnp.isnan(q) | (q < 0) | (q > 1), jnp.nan, loc + scale * q)
