# jax.scipy.stats.gamma - the gamma distribution as JAX (cdf/sf through gammainc/gammaincc).
import jax.numpy as jnp
from jax.scipy.special import _inexact, xlogy, gammaln, gammainc, gammaincc



def logpdf(x, a, loc=0, scale=1):
    x, a, loc, scale = _inexact(x, a, loc, scale)
    ok = x >= loc
    y = jnp.where(ok, (x - loc) / scale, 1.0)
    lp = xlogy(a - 1, y) - y - (gammaln(a) + jnp.log(scale))
    return jnp.where(ok, lp, -jnp.inf)


def pdf(x, a, loc=0, scale=1):
    return jnp.exp(logpdf(x, a, loc, scale))


def cdf(x, a, loc=0, scale=1):
    x, a, loc, scale = _inexact(x, a, loc, scale)
    return gammainc(a, jnp.clip((x - loc) / scale, 0.0, jnp.inf))


def logcdf(x, a, loc=0, scale=1):
    return jnp.log(cdf(x, a, loc, scale))


def sf(x, a, loc=0, scale=1):
    x, a, loc, scale = _inexact(x, a, loc, scale)
    y = (x - loc) / scale
    return jnp.where(y < 0, 1.0, gammaincc(a, y)).astype(x.dtype)


def logsf(x, a, loc=0, scale=1):
    return jnp.log(sf(x, a, loc, scale))
