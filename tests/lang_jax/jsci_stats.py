# jax.scipy.stats distributions against JAX on grids including edges (outside the support, the
# bounds, tails), float32, with gradients of log-densities and cdfs against jax.grad.
import numpy as np
import jax
import jax.numpy as jnp
from jax.scipy import stats


def show(name, v):
    v = np.asarray(v, dtype=np.float64)
    print(name, v.shape, " ".join("%.4g" % t for t in v.ravel().tolist()))


x = jnp.array([-12.0, -3.0, -1.0, -0.2, 0.0, 0.3, 1.0, 2.5, 6.0, 40.0])
q = jnp.array([0.0, 1e-4, 0.05, 0.3, 0.5, 0.8, 0.999, 1.0])
for name in ["logpdf", "pdf", "cdf", "logcdf", "sf", "logsf"]:
    show("norm." + name, getattr(stats.norm, name)(x, 0.5, 2.0))
show("norm.ppf", stats.norm.ppf(q, 1.0, 3.0))
show("norm.isf", stats.norm.isf(q))
show("norm.defaults", stats.norm.logpdf(x) + stats.norm.cdf(x))
for d, args in [("logistic", ()), ("cauchy", (0.5, 2.0)), ("laplace", (1.0, 0.5)), ("expon", (0.0, 2.0)),
                ("uniform", (-1.0, 3.0))]:
    m = getattr(stats, d)
    for name in ["logpdf", "pdf", "cdf", "logcdf", "sf", "logsf", "ppf", "isf"]:
        if hasattr(m, name):
            show(d + "." + name, getattr(m, name)(q if name in ("ppf", "isf") else x, *args))
xp = jnp.array([-1.0, 0.0, 0.1, 0.5, 1.0, 2.0, 3.7, 8.0, 25.0])
for name in ["logpdf", "pdf", "cdf", "logcdf", "sf", "logsf"]:
    show("gamma." + name, getattr(stats.gamma, name)(xp, 2.5, 0.0, 1.5))
    show("chi2." + name, getattr(stats.chi2, name)(xp, 3.0))
xb = jnp.array([-0.5, 0.0, 0.1, 0.25, 0.5, 0.9, 1.0, 1.5])
for name in ["logpdf", "pdf", "cdf", "logcdf", "sf", "logsf"]:
    show("beta." + name, getattr(stats.beta, name)(xb, 2.0, 3.5))
show("beta.bad", stats.beta.logpdf(0.5, -1.0, 2.0))
show("t.logpdf", stats.t.logpdf(x, 3.0))
show("t.pdf", stats.t.pdf(x, 1.5, 1.0, 2.0))
k = jnp.array([-1.0, 0.0, 1.0, 2.0, 2.5, 3.0, 7.0, 20.0])
show("poisson.logpmf", stats.poisson.logpmf(k, 3.0))
show("poisson.pmf", stats.poisson.pmf(k, 0.5, 1.0))
show("poisson.cdf", stats.poisson.cdf(k, 3.0))
show("bernoulli.logpmf", stats.bernoulli.logpmf(jnp.array([-1.0, 0.0, 1.0, 2.0]), 0.3))
show("bernoulli.pmf", stats.bernoulli.pmf(jnp.array([0.0, 1.0]), jnp.array([0.0, 1.0])))
show("bernoulli.cdf", stats.bernoulli.cdf(jnp.array([-1.0, 0.0, 0.5, 1.0, 2.0]), 0.3))
show("bernoulli.ppf", stats.bernoulli.ppf(jnp.array([0.0, 0.5, 0.7, 0.71, 1.0, 1.5]), 0.3))

mean = jnp.array([1.0, -1.0, 0.5])
cov = jnp.array([[2.0, 0.3, 0.1], [0.3, 1.0, -0.2], [0.1, -0.2, 0.5]])
X = jnp.array([[0.0, 0.0, 0.0], [1.0, -1.0, 0.5], [3.0, 2.0, -1.0]])
show("mvn.logpdf", stats.multivariate_normal.logpdf(X, mean, cov))
show("mvn.pdf1", stats.multivariate_normal.pdf(X[2], mean, cov))
show("mvn.scalar_cov", stats.multivariate_normal.logpdf(X, mean, 2.0))
show("mvn.scalar", stats.multivariate_normal.logpdf(jnp.array([0.0, 1.0]), 0.5, 2.0))

g = jnp.array([-2.0, -0.5, 0.3, 1.7])
show("grad.norm.logcdf", jax.vmap(jax.grad(stats.norm.logcdf))(g))
show("grad.norm.logpdf.scale", jax.grad(lambda s: jnp.sum(stats.norm.logpdf(g, 0.2, s)))(1.5))
show("grad.t.logpdf", jax.vmap(jax.grad(stats.t.logpdf, argnums=(0, 1)))(g, jnp.array([1.0, 2.0, 3.0, 10.0])))
show("grad.gamma.logpdf", jax.vmap(jax.grad(stats.gamma.logpdf, argnums=(0, 1)))(jnp.array([0.5, 1.0, 2.0, 4.0]), jnp.array([1.5, 2.0, 3.0, 0.7])))
show("grad.gamma.cdf", jax.vmap(jax.grad(stats.gamma.cdf))(jnp.array([0.5, 1.0, 2.0, 4.0]), jnp.array([1.5, 2.0, 3.0, 0.7])))
show("grad.beta.logpdf", jax.vmap(jax.grad(stats.beta.logpdf, argnums=(0, 1, 2)))(jnp.array([0.2, 0.5, 0.7]), jnp.array([2.0, 0.5, 3.0]), jnp.array([2.0, 1.5, 0.8])))
show("grad.beta.cdf", jax.vmap(jax.grad(stats.beta.cdf))(jnp.array([0.2, 0.5, 0.7]), jnp.array([2.0, 0.5, 3.0]), jnp.array([2.0, 1.5, 0.8])))
show("grad.chi2.cdf", jax.vmap(jax.grad(stats.chi2.cdf))(jnp.array([0.5, 1.0, 2.0, 9.0]), jnp.array([1.0, 2.0, 3.0, 5.0])))
show("grad.poisson.logpmf.mu", jax.grad(lambda m: jnp.sum(stats.poisson.logpmf(k, m)))(2.0))
show("grad.bernoulli.logpmf.p", jax.grad(lambda p: jnp.sum(stats.bernoulli.logpmf(jnp.array([0.0, 1.0, 1.0]), p)))(0.3))
show("grad.mvn", jax.grad(lambda m: jnp.sum(stats.multivariate_normal.logpdf(X, m, cov)))(mean))
show("grad.mvn.cov", jax.grad(lambda c: jnp.sum(stats.multivariate_normal.logpdf(X, mean, c)))(cov))
for d, args in [("logistic", ()), ("cauchy", (0.5, 2.0)), ("laplace", (1.0, 0.5)), ("expon", (0.0, 2.0))]:
    m = getattr(stats, d)
    show("grad." + d, jax.vmap(jax.grad(lambda v: m.logpdf(v, *args) + m.cdf(v, *args)))(jnp.array([0.3, 1.7, 4.0])))
show("jit", jax.jit(lambda v: stats.norm.ppf(stats.norm.cdf(v)) + stats.gamma.cdf(v, 2.0))(jnp.array([0.5, 1.5])))
show("grad.gamma.cdf.a", jax.grad(lambda v: stats.gamma.cdf(2.0, v))(1.7))
show("grad.chi2.sf.df", jax.grad(lambda d: stats.chi2.sf(3.0, d))(2.5))
show("grad.poisson.cdf.mu", jax.grad(lambda m: stats.poisson.cdf(3.0, m))(2.0))
