# scipy.stats distributions over NumPy float64 against SciPy 1.17: densities, cdfs, tails,
# quantiles with loc/scale, frozen forms, moments; printed to 9 significant digits.
import numpy as np
from scipy import stats


def show(name, v):
    v = np.asarray(v, dtype=np.float64)
    print(name, v.shape, " ".join("%.9g" % t for t in v.ravel().tolist()))


x = np.array([-12.0, -3.0, -1.0, -0.2, 0.0, 0.3, 1.0, 2.5, 6.0, 40.0])
q = np.array([0.0, 1e-4, 0.05, 0.3, 0.5, 0.8, 0.999, 1.0, -0.5, 1.5])
for d, args in [("norm", (0.5, 2.0)), ("logistic", ()), ("cauchy", (0.5, 2.0)),
                ("laplace", (1.0, 0.5)), ("expon", (0.0, 2.0)), ("uniform", (-1.0, 3.0))]:
    m = getattr(stats, d)
    for name in ["logpdf", "pdf", "cdf", "logcdf", "sf", "logsf"]:
        show(d + "." + name, getattr(m, name)(x, *args))
    for name in ["ppf", "isf"]:
        show(d + "." + name, getattr(m, name)(q, *args))
    if d != "cauchy":
        show(d + ".moments", [m.mean(*args), m.var(*args), m.std(*args), m.median(*args)])
show("norm.scalar", [stats.norm.pdf(0.0), stats.norm.cdf(1.96), stats.norm.ppf(0.975)])
show("norm.kw", stats.norm.logpdf(x, loc=1.0, scale=0.5))
show("norm.badscale", stats.norm.pdf(x[:3], 0.0, -1.0))
show("norm.interval", stats.norm.interval(0.95, 1.0, 2.0))
frozen = stats.norm(1.0, 2.0)
show("frozen", [frozen.pdf(0.5), frozen.cdf(0.5), frozen.ppf(0.9), frozen.mean(), frozen.std()])
xp = np.array([-1.0, 0.0, 0.1, 0.5, 1.0, 2.0, 3.7, 8.0, 25.0])
for name in ["logpdf", "pdf", "cdf", "logcdf", "sf", "logsf"]:
    show("gamma." + name, getattr(stats.gamma, name)(xp, 2.5, 0.0, 1.5))
    show("chi2." + name, getattr(stats.chi2, name)(xp, 3.0))
show("gamma.ppf", stats.gamma.ppf([0.1, 0.5, 0.9], 2.5))
show("chi2.ppf", stats.chi2.ppf([0.05, 0.5, 0.95], 4.0))
show("gamma.moments", [stats.gamma.mean(2.5, 0, 1.5), stats.gamma.var(2.5, 0, 1.5)])
xb = np.array([-0.5, 0.0, 0.1, 0.25, 0.5, 0.9, 1.0, 1.5])
for name in ["logpdf", "pdf", "cdf", "sf"]:
    show("beta." + name, getattr(stats.beta, name)(xb, 2.0, 3.5))
show("beta.ppf", stats.beta.ppf([0.1, 0.5, 0.9], 2.0, 3.5))
show("beta.moments", [stats.beta.mean(2.0, 3.5), stats.beta.var(2.0, 3.5)])
show("t.logpdf", stats.t.logpdf(x, 3.0))
show("t.pdf", stats.t.pdf(x, 1.5, 1.0, 2.0))
show("t.cdf", stats.t.cdf(x, 4.0))
show("t.sf", stats.t.sf(x, 2.5))
show("t.ppf", stats.t.ppf([0.025, 0.5, 0.975], 10.0))
k = np.array([-1.0, 0.0, 1.0, 2.0, 2.5, 3.0, 7.0, 20.0])
show("poisson.logpmf", stats.poisson.logpmf(k, 3.0))
show("poisson.pmf", stats.poisson.pmf(k, 0.5, 1))
show("poisson.cdf", stats.poisson.cdf(k, 3.0))
show("poisson.sf", stats.poisson.sf(k, 3.0))
show("poisson.moments", [stats.poisson.mean(3.0), stats.poisson.var(3.0)])
show("bernoulli.pmf", stats.bernoulli.pmf([-1.0, 0.0, 1.0, 2.0], 0.3))
show("bernoulli.logpmf", stats.bernoulli.logpmf([0.0, 1.0], 0.3))
show("bernoulli.cdf", stats.bernoulli.cdf([-1.0, 0.0, 0.5, 1.0, 2.0], 0.3))
mean = np.array([1.0, -1.0, 0.5])
cov = np.array([[2.0, 0.3, 0.1], [0.3, 1.0, -0.2], [0.1, -0.2, 0.5]])
X = np.array([[0.0, 0.0, 0.0], [1.0, -1.0, 0.5], [3.0, 2.0, -1.0]])
show("mvn.logpdf", stats.multivariate_normal.logpdf(X, mean, cov))
show("mvn.pdf1", stats.multivariate_normal.pdf(X[2], mean, cov))
show("mvn.diag", stats.multivariate_normal.logpdf(X, mean, [1.0, 2.0, 3.0]))
show("mvn.scalar", stats.multivariate_normal.logpdf([0.0, 1.0], 0.5, 2.0))
