# jax.scipy.stats.beta - the beta distribution as JAX (cdf/sf through betainc).
import jax.numpy as jnp
from jax.scipy.special import _inexact, xlogy, xlog1py, betaln, betainc



def logpdf(x, a, b, loc=0, scale=1):
    x, a, b, loc, scale = _inexact(x, a, b, loc, scale)
    y = (x - loc) / scale
    lp = -betaln(a, b) + xlogy(a - 1, y) + xlog1py(b - 1, -y) - jnp.log(scale)
    r = jnp.where((x > loc + scale) | (x < loc), -jnp.inf, lp)
    return jnp.where((a <= 0) | (b <= 0) | (scale <= 0), jnp.nan, r)


def pdf(x, a, b, loc=0, scale=1):
    return jnp.exp(logpdf(x, a, b, loc, scale))


def cdf(x, a, b, loc=0, scale=1):
    x, a, b, loc, scale = _inexact(x, a, b, loc, scale)
    return betainc(a, b, jnp.clip((x - loc) / scale, 0.0, 1.0))


def logcdf(x, a, b, loc=0, scale=1):
    return jnp.log(cdf(x, a, b, loc, scale))


def sf(x, a, b, loc=0, scale=1):
    x, a, b, loc, scale = _inexact(x, a, b, loc, scale)
    return betainc(b, a, 1 - jnp.clip((x - loc) / scale, 0.0, 1.0))


def logsf(x, a, b, loc=0, scale=1):
    return jnp.log(sf(x, a, b, loc, scale))
