# jax.scipy.stats.poisson - pmf/logpmf/cdf of the Poisson distribution as JAX (cdf through
# gammaincc).
import jax.numpy as jnp
from jax.scipy.special import _inexact, xlogy, gammaln, gammaincc



def logpmf(k, mu, loc=0):
    k, mu, loc = _inexact(k, mu, loc)
    x = k - loc
    lp = xlogy(x, mu) - gammaln(x + 1) - mu
    return jnp.where((x < 0) | (jnp.round(k) != k), -jnp.inf, lp)


def pmf(k, mu, loc=0):
    return jnp.exp(logpmf(k, mu, loc))


def cdf(k, mu, loc=0):
    k, mu, loc = _inexact(k, mu, loc)
    x = k - loc
    p = gammaincc(jnp.floor(1 + x), mu)
    return jnp.where(x < 0, 0.0, p).astype(k.dtype)
