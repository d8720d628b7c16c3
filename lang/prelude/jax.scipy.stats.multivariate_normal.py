# jax.scipy.stats.multivariate_normal - logpdf/pdf with a Cholesky factor of cov as JAX (scalar
# mean, scalar cov, or full cov; x batched over leading dims).
import math
import jax.numpy as jnp


import jax.scipy.linalg as _jsl


def logpdf(x, mean, cov, allow_singular=None):
    if allow_singular is not None:
        raise NotImplementedError("allow_singular argument of multivariate_normal.logpdf")
    x, mean, cov = [jnp.asarray(v) for v in (x, mean, cov)]
    dt = jnp.result_type(x, mean, cov, float)
    x, mean, cov = x.astype(dt), mean.astype(dt), cov.astype(dt)
    if not mean.shape:
        return -1 / 2 * jnp.square(x - mean) / cov - 1 / 2 * (jnp.log(2 * math.pi) + jnp.log(cov))
    n = mean.shape[-1]
    if not cov.shape:
        y = x - mean
        return -1 / 2 * jnp.sum(y * y, axis=-1) / cov - n / 2 * (jnp.log(2 * math.pi) + jnp.log(cov))
    if cov.ndim < 2 or cov.shape[-2:] != (n, n):
        raise ValueError("multivariate_normal.logpdf got incompatible shapes")
    if cov.ndim > 2:
        raise NotImplementedError("multivariate_normal.logpdf with a batch of covariances")
    L = jnp.linalg.cholesky(cov)
    d = x - mean
    shp = d.shape
    d2 = jnp.reshape(d, (-1, n))
    y = jnp.reshape(jnp.swapaxes(_jsl.solve_triangular(L, jnp.swapaxes(d2, 0, 1), lower=True),
                                 0, 1), shp)
    return -1 / 2 * jnp.sum(y * y, axis=-1) - n / 2 * jnp.log(2 * math.pi) - \
        jnp.sum(jnp.log(jnp.diagonal(L)))


def pdf(x, mean, cov):
    return jnp.exp(logpdf(x, mean, cov))
