# scipy.stats - continuous and discrete distributions over NumPy float64 (pdf/logpdf/cdf/logcdf/
# sf/logsf/ppf/isf with loc and scale, frozen forms, moments) and multivariate_normal.

import math
import numpy as np
import scipy.special as _sp


def _out(r):
    r = np.asarray(r, dtype=float)
    return np.float64(r[()]) if r.ndim == 0 else r


class _Frozen:
    def __init__(self, dist, args, kwds):
        self.dist = dist
        self.args = args
        self.kwds = kwds

    def __getattr__(self, name):
        f = getattr(self.dist, name)
        return lambda *a, **k: f(*a, *self.args, **dict(self.kwds, **k))


class rv_continuous:
    name = ""
    numargs = 0

    def __call__(self, *args, **kwds):
        return _Frozen(self, args, kwds)

    freeze = __call__

    def _parse(self, args, kwds):
        args = list(args)
        shapes = []
        for nm in self._shapes:
            if args:
                shapes.append(args.pop(0))
            elif nm in kwds:
                shapes.append(kwds.pop(nm))
            else:
                raise TypeError("missing required argument %r" % nm)
        loc = args.pop(0) if args else kwds.pop("loc", 0.0)
        scale = args.pop(0) if args else kwds.pop("scale", 1.0)
        if args or kwds:
            raise TypeError("unexpected arguments")
        return [np.asarray(s, dtype=float) for s in shapes], np.asarray(loc, dtype=float), \
            np.asarray(scale, dtype=float)

    def _valid(self, shapes, scale):
        ok = scale > 0
        for c in self._argcheck(*shapes):
            ok = ok & c
        return ok

    def _argcheck(self, *shapes):
        return [s > 0 for s in shapes]

    def _support(self, *shapes):
        return -np.inf, np.inf

    def _inside(self, y, shapes):
        a, b = self._support(*shapes)
        return (y >= a) & (y <= b)

    def _eval(self, x, args, kwds, fn, outside_lo, outside_hi, bad=np.nan):
        shapes, loc, scale = self._parse(args, kwds)
        x = np.asarray(x, dtype=float)
        y = (x - loc) / np.where(scale > 0, scale, 1.0)
        ok = self._valid(shapes, scale)
        a, b = self._support(*shapes)
        with np.errstate(all='ignore'):
            inside = (y >= a) & (y <= b)
            ys = np.where(inside, y, np.where(np.isfinite(a), a, 0.0) if True else y)
            v = fn(ys, shapes, scale)
        r = np.where(inside, v, np.where(y < a, outside_lo, outside_hi))
        r = np.where(ok & ~np.isnan(x), r, bad)
        return _out(r)

    def logpdf(self, x, *args, **kwds):
        return self._eval(x, args, kwds, lambda y, s, sc: self._logpdf(y, *s) - np.log(sc),
                          -np.inf, -np.inf)

    def pdf(self, x, *args, **kwds):
        return self._eval(x, args, kwds, lambda y, s, sc: np.exp(self._logpdf(y, *s)) / sc,
                          0.0, 0.0)

    def cdf(self, x, *args, **kwds):
        return self._eval(x, args, kwds, lambda y, s, sc: self._cdf(y, *s), 0.0, 1.0)

    def logcdf(self, x, *args, **kwds):
        return self._eval(x, args, kwds, lambda y, s, sc: self._logcdf(y, *s), -np.inf, 0.0)

    def sf(self, x, *args, **kwds):
        return self._eval(x, args, kwds, lambda y, s, sc: self._sf(y, *s), 1.0, 0.0)

    def logsf(self, x, *args, **kwds):
        return self._eval(x, args, kwds, lambda y, s, sc: self._logsf(y, *s), 0.0, -np.inf)

    def _logcdf(self, y, *s):
        return np.log(self._cdf(y, *s))

    def _sf(self, y, *s):
        return 1.0 - self._cdf(y, *s)

    def _logsf(self, y, *s):
        return np.log(self._sf(y, *s))

    def _isf(self, q, *s):
        return self._ppf(1.0 - q, *s)

    def _q(self, q, args, kwds, fn, lo_end):
        shapes, loc, scale = self._parse(args, kwds)
        q = np.asarray(q, dtype=float)
        ok = self._valid(shapes, scale) & (q >= 0) & (q <= 1)
        a, b = self._support(*shapes)
        with np.errstate(all='ignore'):
            v = fn(np.clip(q, 0.0, 1.0), *shapes)
            v = np.where(q == 0, a if lo_end else b, np.where(q == 1, b if lo_end else a, v))
            r = v * scale + loc
        return _out(np.where(ok, r, np.nan))

    def ppf(self, q, *args, **kwds):
        return self._q(q, args, kwds, self._ppf, True)

    def isf(self, q, *args, **kwds):
        return self._q(q, args, kwds, self._isf, False)

    def median(self, *args, **kwds):
        return self.ppf(0.5, *args, **kwds)

    def interval(self, confidence, *args, **kwds):
        a = (1 - np.asarray(confidence)) / 2
        return self.ppf(a, *args, **kwds), self.ppf(1 - a, *args, **kwds)

    def mean(self, *args, **kwds):
        shapes, loc, scale = self._parse(args, kwds)
        return _out(self._stats(*shapes)[0] * scale + loc)

    def var(self, *args, **kwds):
        shapes, loc, scale = self._parse(args, kwds)
        return _out(self._stats(*shapes)[1] * scale * scale)

    def std(self, *args, **kwds):
        return _out(np.sqrt(self.var(*args, **kwds)))

    def stats(self, *args, **kwds):
        return self.mean(*args, **kwds), self.var(*args, **kwds)

    def support(self, *args, **kwds):
        shapes, loc, scale = self._parse(args, kwds)
        a, b = self._support(*shapes)
        return _out(a * scale + loc), _out(b * scale + loc)


class norm_gen(rv_continuous):
    name = "norm"
    _shapes = ()

    def _logpdf(self, x):
        return -x * x / 2.0 - 0.5 * math.log(2 * math.pi)

    def _cdf(self, x):
        return _sp.ndtr(x)

    def _logcdf(self, x):
        return _sp.log_ndtr(x)

    def _sf(self, x):
        return _sp.ndtr(-x)

    def _logsf(self, x):
        return _sp.log_ndtr(-x)

    def _ppf(self, q):
        return _sp.ndtri(q)

    def _isf(self, q):
        return -_sp.ndtri(q)

    def _stats(self):
        return 0.0, 1.0


class expon_gen(rv_continuous):
    name = "expon"
    _shapes = ()

    def _support(self):
        return 0.0, np.inf

    def _logpdf(self, x):
        return -x

    def _cdf(self, x):
        return -np.expm1(-x)

    def _sf(self, x):
        return np.exp(-x)

    def _logsf(self, x):
        return -x + 0.0

    def _logcdf(self, x):
        return np.log1p(-np.exp(-x))

    def _ppf(self, q):
        return -np.log1p(-q)

    def _isf(self, q):
        return -np.log(q)

    def _stats(self):
        return 1.0, 1.0


class uniform_gen(rv_continuous):
    name = "uniform"
    _shapes = ()

    def _support(self):
        return 0.0, 1.0

    def _logpdf(self, x):
        return np.zeros_like(x)

    def _cdf(self, x):
        return x

    def _ppf(self, q):
        return q

    def _stats(self):
        return 0.5, 1.0 / 12


class logistic_gen(rv_continuous):
    name = "logistic"
    _shapes = ()

    def _logpdf(self, x):
        y = -np.abs(x)
        return y - 2.0 * np.log1p(np.exp(y))

    def _cdf(self, x):
        return _sp.expit(x)

    def _logcdf(self, x):
        return _sp.log_expit(x)

    def _sf(self, x):
        return _sp.expit(-x)

    def _logsf(self, x):
        return _sp.log_expit(-x)

    def _ppf(self, q):
        return _sp.logit(q)

    def _isf(self, q):
        return -_sp.logit(q)

    def _stats(self):
        return 0.0, math.pi * math.pi / 3.0


class laplace_gen(rv_continuous):
    name = "laplace"
    _shapes = ()

    def _logpdf(self, x):
        return -np.log(2.0) - np.abs(x)

    def _cdf(self, x):
        return np.where(x > 0, 1.0 - 0.5 * np.exp(-x), 0.5 * np.exp(x))

    def _sf(self, x):
        return self._cdf(-x)

    def _logcdf(self, x):
        return np.where(x > 0, np.log1p(-0.5 * np.exp(-x)), np.log(0.5) + x)

    def _logsf(self, x):
        return self._logcdf(-x)

    def _ppf(self, q):
        return np.where(q > 0.5, -np.log(2 * (1 - q)), np.log(2 * q))

    def _isf(self, q):
        return -self._ppf(q)

    def _stats(self):
        return 0.0, 2.0


class cauchy_gen(rv_continuous):
    name = "cauchy"
    _shapes = ()

    def _logpdf(self, x):
        return -np.log(math.pi) - np.log1p(x * x)

    def _cdf(self, x):
        return 0.5 + 1.0 / math.pi * np.arctan(x)

    def _sf(self, x):
        return 0.5 - 1.0 / math.pi * np.arctan(x)

    def _ppf(self, q):
        return np.tan(math.pi * q - math.pi / 2.0)

    def _isf(self, q):
        return np.tan(math.pi / 2.0 - math.pi * q)

    def _stats(self):
        return np.nan, np.nan


class gamma_gen(rv_continuous):
    name = "gamma"
    _shapes = ("a",)

    def _support(self, a):
        return 0.0, np.inf

    def _logpdf(self, x, a):
        return _sp.xlogy(a - 1.0, x) - x - _sp.gammaln(a)

    def _cdf(self, x, a):
        return _sp.gammainc(a, x)

    def _sf(self, x, a):
        return _sp.gammaincc(a, x)

    def _ppf(self, q, a):
        return _invert(lambda x: _sp.gammainc(a, x) - q, q, 0.0, a)

    def _stats(self, a):
        return a, a


class chi2_gen(rv_continuous):
    name = "chi2"
    _shapes = ("df",)

    def _support(self, df):
        return 0.0, np.inf

    def _logpdf(self, x, df):
        return _sp.xlogy(df / 2.0 - 1, x) - x / 2.0 - _sp.gammaln(df / 2.0) - \
            (math.log(2) * df) / 2.0

    def _cdf(self, x, df):
        return _sp.gammainc(df / 2.0, x / 2.0)

    def _sf(self, x, df):
        return _sp.gammaincc(df / 2.0, x / 2.0)

    def _ppf(self, q, df):
        return _invert(lambda x: _sp.gammainc(df / 2.0, x / 2.0) - q, q, 0.0, df)

    def _stats(self, df):
        return df, 2 * df


class beta_gen(rv_continuous):
    name = "beta"
    _shapes = ("a", "b")

    def _support(self, a, b):
        return 0.0, 1.0

    def _logpdf(self, x, a, b):
        return _sp.xlog1py(b - 1.0, -x) + _sp.xlogy(a - 1.0, x) - _sp.betaln(a, b)

    def _cdf(self, x, a, b):
        return _sp.betainc(a, b, x)

    def _sf(self, x, a, b):
        return _sp.betainc(b, a, 1.0 - x)

    def _ppf(self, q, a, b):
        return _invert(lambda x: _sp.betainc(a, b, x) - q, q, 0.0, a / (a + b), hi=1.0)

    def _stats(self, a, b):
        return a / (a + b), a * b / ((a + b) ** 2 * (a + b + 1))


class t_gen(rv_continuous):
    name = "t"
    _shapes = ("df",)

    def _logpdf(self, x, df):
        return _sp.gammaln((df + 1) / 2) - _sp.gammaln(df / 2) - 0.5 * np.log(df * math.pi) - \
            (df + 1) / 2 * np.log1p(x * x / df)

    def _cdf(self, x, df):
        tail = 0.5 * _sp.betainc(df / 2, 0.5, df / (df + x * x))
        return np.where(x > 0, 1 - tail, tail)

    def _sf(self, x, df):
        return self._cdf(-x, df)

    def _ppf(self, q, df):
        return _invert(lambda x: self._cdf(x, df) - q, q, -np.inf, 0.0)

    def _stats(self, df):
        return np.where(df > 1, 0.0, np.nan), np.where(df > 2, df / (df - 2.0),
                                                       np.where(df > 1, np.inf, np.nan))


def _invert(f, q, lo, start, hi=np.inf):
    # the quantile by bisection on the cdf (to a few ulps), elementwise over q and the shapes
    q, start = np.broadcast_arrays(np.asarray(q, dtype=float), np.asarray(start, dtype=float))
    out = np.empty(q.shape)
    flat_q = q.ravel()
    for i in range(flat_q.size):
        def g(x):
            v = np.asarray(f(x), dtype=float)
            return float(v.ravel()[i] if v.ndim else v)
        a = lo if np.isfinite(lo) else -1.0
        b = hi if np.isfinite(hi) else 1.0
        if not np.isfinite(lo):
            while g(a) > 0:
                a *= 2
        if not np.isfinite(hi):
            while g(b) < 0:
                b *= 2
        for _ in range(2000):
            m = 0.5 * (a + b)
            if m <= a or m >= b:
                break
            gm = g(m)
            if gm == 0:
                a = b = m
                break
            if gm < 0:
                a = m
            else:
                b = m
        out.ravel()[i] = 0.5 * (a + b)
    return out


class rv_discrete(rv_continuous):
    def pmf(self, k, *args, **kwds):
        return _out(np.exp(self.logpmf(k, *args, **kwds)))


class poisson_gen(rv_discrete):
    name = "poisson"

    def logpmf(self, k, mu, loc=0):
        k = np.asarray(k, dtype=float) - loc
        mu = np.asarray(mu, dtype=float)
        r = np.where((k >= 0) & (k == np.floor(k)), _sp.xlogy(k, mu) - _sp.gammaln(k + 1) - mu,
                     -np.inf)
        return _out(np.where(mu >= 0, r, np.nan))

    def cdf(self, k, mu, loc=0):
        k = np.floor(np.asarray(k, dtype=float) - loc)
        mu = np.asarray(mu, dtype=float)
        r = np.where(k >= 0, _sp.gammaincc(np.maximum(k, 0) + 1, mu), 0.0)
        return _out(np.where(mu >= 0, r, np.nan))

    def sf(self, k, mu, loc=0):
        k = np.floor(np.asarray(k, dtype=float) - loc)
        mu = np.asarray(mu, dtype=float)
        r = np.where(k >= 0, _sp.gammainc(np.maximum(k, 0) + 1, mu), 1.0)
        return _out(np.where(mu >= 0, r, np.nan))

    def mean(self, mu, loc=0):
        return _out(np.asarray(mu, dtype=float) + loc)

    def var(self, mu, loc=0):
        return _out(np.asarray(mu, dtype=float))


class bernoulli_gen(rv_discrete):
    name = "bernoulli"

    def logpmf(self, k, p, loc=0):
        k = np.asarray(k, dtype=float) - loc
        p = np.asarray(p, dtype=float)
        r = np.where((k == 0) | (k == 1), _sp.xlogy(k, p) + _sp.xlog1py(1 - k, -p), -np.inf)
        return _out(np.where((p >= 0) & (p <= 1), r, np.nan))

    def cdf(self, k, p, loc=0):
        k = np.asarray(k, dtype=float) - loc
        p = np.asarray(p, dtype=float)
        r = np.where(k < 0, 0.0, np.where(k < 1, 1 - p, 1.0))
        return _out(np.where((p >= 0) & (p <= 1), r, np.nan))

    def mean(self, p, loc=0):
        return _out(np.asarray(p, dtype=float) + loc)

    def var(self, p, loc=0):
        p = np.asarray(p, dtype=float)
        return _out(p * (1 - p))


class multivariate_normal_gen:
    def _prep(self, x, mean, cov):
        mean = np.atleast_1d(np.asarray(mean, dtype=float))
        n = mean.shape[-1]
        cov = np.asarray(cov, dtype=float)
        if cov.ndim == 0:
            cov = cov * np.eye(n)
        elif cov.ndim == 1:
            cov = np.diag(cov)
        x = np.asarray(x, dtype=float)
        if n == 1 and x.ndim >= 1 and x.shape[-1] != 1:
            x = x[..., None]
        elif x.ndim == 0:
            x = x[None]
        return x, mean, cov, n

    def logpdf(self, x, mean=None, cov=1, allow_singular=False):
        if mean is None:
            mean = np.zeros(np.shape(x)[-1] if np.ndim(x) else 1)
        x, mean, cov, n = self._prep(x, mean, cov)
        w, v = np.linalg.eigh(cov)
        if np.min(w) <= 0:
            raise np.linalg.LinAlgError("singular matrix")
        d = x - mean
        y = np.dot(d, v) / np.sqrt(w)
        maha = np.sum(y * y, axis=-1)
        r = -0.5 * (n * math.log(2 * math.pi) + np.sum(np.log(w)) + maha)
        return _out(r)

    def pdf(self, x, mean=None, cov=1, allow_singular=False):
        return _out(np.exp(self.logpdf(x, mean, cov, allow_singular)))


norm = norm_gen()
expon = expon_gen()
uniform = uniform_gen()
logistic = logistic_gen()
laplace = laplace_gen()
cauchy = cauchy_gen()
gamma = gamma_gen()
chi2 = chi2_gen()
beta = beta_gen()
t = t_gen()
poisson = poisson_gen()
bernoulli = bernoulli_gen()
multivariate_normal = multivariate_normal_gen()
