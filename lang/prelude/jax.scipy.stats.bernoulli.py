# jax.scipy.stats.bernoulli - pmf/logpmf/cdf/ppf of the Bernoulli distribution as JAX.
import jax.numpy as jnp
from jax.scipy.special import _inexact, xlogy, xlog1py



def logpmf(k, p, loc=0):
    k, p, loc = _inexact(k, p, loc)
    x = k - loc
    lp = xlogy(x, p) + xlog1py(1 - x, -p)
    return jnp.where((x < 0) | (x > 1), -jnp.inf, lp)


def pmf(k, p, loc=0):
    return jnp.exp(logpmf(k, p, loc))


def cdf(k, p):
    k, p = _inexact(k, p)
    conds = [jnp.isnan(k) | jnp.isnan(p) | (p < 0) | (p > 1), k < 0, (k >= 0) & (k < 1), k >= 1]
    return jnp.select(conds, [jnp.nan, 0.0, 1 - p, 1.0]).astype(k.dtype)


def ppf(q, p):
    q, p = _inexact(q, p)
    bad = jnp.isnan(q) | jnp.isnan(p) | (p < 0) | (p > 1) | (q < 0) | (q > 1)
    return jnp.where(bad, jnp.nan, jnp.where(q <= 1 - p, 0.0, 1.0)).astype(q.dtype)
