# scipy.special - special functions over NumPy float64: libm's erf/lgamma/gamma, Cephes' ndtri,
# i0/i1 series (tables and evaluators shared with jax.scipy.special in sable._cephes) and
# igam/igamc, a Lentz continued fraction for betainc; scalar in, scalar out.

import math
import numpy as np
import sable._cephes as _cephes

_EPS = 2.220446049250313e-16
_INF = float("inf")
_NAN = float("nan")


def _ufunc(f, nin=1):
    v = np.vectorize(f, otypes=[float])

    def g(*args):
        if len(args) != nin:
            raise TypeError("%s() takes %d positional arguments" % (f.__name__.lstrip("_"), nin))
        args = [np.asarray(a, dtype=float) for a in args]
        r = v(*args)
        if all(a.ndim == 0 for a in args):
            return np.float64(r[()] if isinstance(r, np.ndarray) else r)
        return r
    g.__name__ = f.__name__.lstrip("_")
    return g


def _erf(x):
    return math.erf(x)


def _erfc(x):
    return math.erfc(x)


def _gammaln(x):
    if math.isnan(x):
        return x
    if math.isinf(x):
        return x
    if x <= 0 and x == math.floor(x):
        return _INF
    return math.lgamma(x)


def _gamma(x):
    if math.isnan(x):
        return x
    if x == 0:
        return math.copysign(_INF, x)
    if x == -_INF:
        return _NAN
    if x == _INF:
        return _INF
    if x < 0 and x == math.floor(x):
        return _NAN
    try:
        return math.gamma(x)
    except OverflowError:
        return _INF


def _digamma(x):
    if math.isnan(x) or x == _INF:
        return x
    if x == -_INF:
        return _NAN
    if x == 0:
        return -math.copysign(_INF, x) if math.copysign(1, x) > 0 else _INF
    if x < 0:
        if x == math.floor(x):
            return _NAN
        return _digamma(1 - x) - math.pi / math.tan(math.pi * x)
    acc = 0.0
    while x < 10:
        acc -= 1 / x
        x += 1
    z = 1 / (x * x)
    series = z * (1 / 12 - z * (1 / 120 - z * (1 / 252 - z * (1 / 240 - z * (1 / 132 - z * (
        691 / 32760 - z / 12))))))
    return acc + math.log(x) - 0.5 / x - series


_polevl = _cephes.polevl


def _ndtri(y0):
    # Cephes ndtri
    if math.isnan(y0) or y0 < 0 or y0 > 1:
        return _NAN
    if y0 == 0:
        return -_INF
    if y0 == 1:
        return _INF
    s2pi = 2.50662827463100050242E0
    code = 1
    y = y0
    if y > 1.0 - 0.13533528323661269189:
        y = 1.0 - y
        code = 0
    if y > 0.13533528323661269189:
        y = y - 0.5
        y2 = y * y
        x = y + y * (y2 * _polevl(y2, _cephes.P0) / _polevl(y2, _cephes.Q0))
        return x * s2pi
    x = math.sqrt(-2.0 * math.log(y))
    x0 = x - math.log(x) / x
    z = 1.0 / x
    if x < 8.0:
        x1 = z * _polevl(z, _cephes.P1) / _polevl(z, _cephes.Q1)
    else:
        x1 = z * _polevl(z, _cephes.P2) / _polevl(z, _cephes.Q2)
    x = x0 - x1
    if code != 0:
        x = -x
    return x


def _ndtr(x):
    if math.isnan(x):
        return x
    z = x / math.sqrt(2.0)
    if abs(z) < 1 / math.sqrt(2.0):
        return 0.5 + 0.5 * math.erf(z)
    return 1.0 - 0.5 * math.erfc(z) if z > 0 else 0.5 * math.erfc(-z)


def _log_ndtr(x):
    if math.isnan(x):
        return x
    if x > 6:
        return math.log1p(-0.5 * math.erfc(x / math.sqrt(2.0)))
    if x > -20:
        return math.log(0.5 * math.erfc(-x / math.sqrt(2.0)))
    x2 = x * x
    s = 1.0
    t = 1.0
    for n in range(1, 8):
        t *= -(2 * n - 1) / x2
        s += t
    return -0.5 * x2 - math.log(-x) - 0.5 * math.log(2 * math.pi) + math.log(s)


def _erfinv(y):
    if math.isnan(y) or y < -1 or y > 1:
        return _NAN
    if y == 1:
        return _INF
    if y == -1:
        return -_INF
    if y == 0:
        return y
    x = _ndtri(0.5 * (y + 1)) / math.sqrt(2.0) if abs(y) > 1e-3 else y * math.sqrt(math.pi) / 2
    for _ in range(3):
        err = math.erf(x) - y
        x -= err / (2 / math.sqrt(math.pi) * math.exp(-x * x))
    return x


def _erfcinv(y):
    if math.isnan(y) or y < 0 or y > 2:
        return _NAN
    if y == 0:
        return _INF
    if y == 2:
        return -_INF
    if y == 1:
        return -0.0
    x = -_ndtri(0.5 * y) / math.sqrt(2.0)
    for _ in range(3):
        err = math.erfc(x) - y
        x += err / (2 / math.sqrt(math.pi) * math.exp(-x * x))
    return x


def _expit(x):
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


def _logit(p):
    if math.isnan(p) or p < 0 or p > 1:
        return _NAN
    if p == 0:
        return -_INF
    if p == 1:
        return _INF
    return math.log(p / (1 - p))


def _log_expit(x):
    if x < 0:
        return x - math.log1p(math.exp(x))
    return -math.log1p(math.exp(-x))


def _xlogy(x, y):
    if x == 0 and not math.isnan(y):
        return 0.0
    if y == 0:
        return -_INF * x if x > 0 else (_INF if x < 0 else _NAN)
    if y < 0:
        return _NAN
    return x * math.log(y)


def _xlog1py(x, y):
    if x == 0 and not math.isnan(y):
        return 0.0
    if y == -1:
        return -_INF * x if x > 0 else (_INF if x < 0 else _NAN)
    if y < -1:
        return _NAN
    return x * math.log1p(y)


def _entr(x):
    if math.isnan(x):
        return x
    if x > 0:
        return -x * math.log(x)
    if x == 0:
        return 0.0
    return -_INF


def _rel_entr(x, y):
    if math.isnan(x) or math.isnan(y):
        return _NAN
    if x > 0 and y > 0:
        return x * math.log(x / y)
    if x == 0 and y >= 0:
        return 0.0
    return _INF


def _kl_div(x, y):
    if math.isnan(x) or math.isnan(y):
        return _NAN
    if x > 0 and y > 0:
        return x * math.log(x / y) - x + y
    if x == 0 and y >= 0:
        return y
    return _INF


def _betaln(a, b):
    return _gammaln(a) + _gammaln(b) - _gammaln(a + b)


def _beta(a, b):
    return _gamma(a) * _gamma(b) / _gamma(a + b) if a + b < 170 else math.exp(_betaln(a, b))


def _i0e(x):
    return float(_cephes.i0e(np, x))


def _i1e(x):
    return float(_cephes.i1e(np, x))


def _i0(x):
    if math.isinf(x):
        return _NAN
    if abs(x) > 709.78:
        return _INF
    return math.exp(abs(x)) * _i0e(x)


def _i1(x):
    if math.isinf(x):
        return _NAN
    if abs(x) > 709.78:
        return math.copysign(_INF, x)
    return math.exp(abs(x)) * _i1e(x)


def _igam_series(a, x, ax):
    r = a
    c = 1.0
    ans = 1.0
    while True:
        r += 1.0
        c *= x / r
        ans += c
        if c / ans <= _EPS:
            break
    return ans * ax / a


def _igamc_cf(a, x, ax):
    y = 1.0 - a
    z = x + y + 1.0
    c = 0.0
    pkm2 = 1.0
    qkm2 = x
    pkm1 = x + 1.0
    qkm1 = z * x
    ans = pkm1 / qkm1
    big = 4.503599627370496e15
    for _ in range(2000):
        c += 1.0
        y += 1.0
        z += 2.0
        yc = y * c
        pk = pkm1 * z - pkm2 * yc
        qk = qkm1 * z - qkm2 * yc
        if qk != 0:
            r = pk / qk
            t = abs((ans - r) / r)
            ans = r
        else:
            t = 1.0
        pkm2, pkm1, qkm2, qkm1 = pkm1, pk, qkm1, qk
        if abs(pk) > big:
            pkm2 /= big
            pkm1 /= big
            qkm2 /= big
            qkm1 /= big
        if t <= _EPS:
            break
    return ans * ax


def _gammainc(a, x):
    if math.isnan(a) or math.isnan(x) or x < 0 or a < 0 or (a == 0 and x == 0):
        return _NAN
    if a == 0:
        return 1.0
    if x == 0:
        return 0.0
    if x == _INF:
        return 1.0
    ax = a * math.log(x) - x - math.lgamma(a)
    if ax < -709.78:
        return 0.0 if x < a else 1.0
    ax = math.exp(ax)
    if x > 1.0 and x > a:
        return 1.0 - _igamc_cf(a, x, ax)
    return _igam_series(a, x, ax)


def _gammaincc(a, x):
    if math.isnan(a) or math.isnan(x) or x < 0 or a < 0 or (a == 0 and x == 0):
        return _NAN
    if a == 0:
        return 0.0
    if x == 0:
        return 1.0
    if x == _INF:
        return 0.0
    ax = a * math.log(x) - x - math.lgamma(a)
    if ax < -709.78:
        return 1.0 if x < a else 0.0
    ax = math.exp(ax)
    if x < 1.0 or x < a:
        return 1.0 - _igam_series(a, x, ax)
    return _igamc_cf(a, x, ax)


def _betacf(a, b, x):
    tiny = 1e-300
    qab = a + b
    qap = a + 1.0
    qam = a - 1.0
    c = 1.0
    d = 1.0 - qab * x / qap
    if abs(d) < tiny:
        d = tiny
    d = 1.0 / d
    h = d
    for m in range(1, 1000):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = tiny if abs(d) < tiny else d
        c = 1.0 + aa / c
        c = tiny if abs(c) < tiny else c
        d = 1.0 / d
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = tiny if abs(d) < tiny else d
        c = 1.0 + aa / c
        c = tiny if abs(c) < tiny else c
        d = 1.0 / d
        de = d * c
        h *= de
        if abs(de - 1.0) < _EPS:
            break
    return h


def _betainc(a, b, x):
    if math.isnan(a) or math.isnan(b) or math.isnan(x) or a < 0 or b < 0 or x < 0 or x > 1:
        return _NAN
    if a == 0 and b == 0:
        return _NAN
    if a == 0:
        return 1.0
    if b == 0:
        return 0.0
    if x == 0 or x == 1:
        return x
    lbt = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + \
        b * math.log1p(-x)
    if x < (a + 1.0) / (a + b + 2.0):
        return math.exp(lbt) * _betacf(a, b, x) / a
    return 1.0 - math.exp(lbt) * _betacf(b, a, 1.0 - x) / b


erf = _ufunc(_erf)
erfc = _ufunc(_erfc)
erfinv = _ufunc(_erfinv)
erfcinv = _ufunc(_erfcinv)
gammaln = _ufunc(_gammaln)
gamma = _ufunc(_gamma)
digamma = _ufunc(_digamma)
psi = digamma
ndtr = _ufunc(_ndtr)
ndtri = _ufunc(_ndtri)
log_ndtr = _ufunc(_log_ndtr)
expit = _ufunc(_expit)
logit = _ufunc(_logit)
log_expit = _ufunc(_log_expit)
xlogy = _ufunc(_xlogy, 2)
xlog1py = _ufunc(_xlog1py, 2)
entr = _ufunc(_entr)
rel_entr = _ufunc(_rel_entr, 2)
kl_div = _ufunc(_kl_div, 2)
betaln = _ufunc(_betaln, 2)
beta = _ufunc(_beta, 2)
i0e = _ufunc(_i0e)
i1e = _ufunc(_i1e)
i0 = _ufunc(_i0)
i1 = _ufunc(_i1)
gammainc = _ufunc(_gammainc, 2)
gammaincc = _ufunc(_gammaincc, 2)
betainc = _ufunc(_betainc, 3)


def multigammaln(a, d):
    d = int(d)
    a = np.asarray(a, dtype=float)
    if np.any(a <= 0.5 * (d - 1)):
        raise ValueError("condition a (%f) > 0.5 * (d-1) (%f) not met" % (a, 0.5 * (d - 1)))
    res = (d * (d - 1) * 0.25) * math.log(math.pi)
    res = res + np.sum(gammaln(a[..., None] - 0.5 * np.arange(d)), axis=-1)
    return np.float64(res) if np.ndim(res) == 0 else res


def logsumexp(a, axis=None, b=None, keepdims=False, return_sign=False):
    a = np.asarray(a, dtype=float)
    if b is not None:
        b = np.asarray(b, dtype=float)
        a, b = np.broadcast_arrays(a, b)
        a = np.where(b == 0, -np.inf, a)
    a_max = np.amax(a, axis=axis, keepdims=True)
    a_max = np.where(np.isfinite(a_max), a_max, 0.0)
    tmp = np.exp(a - a_max)
    if b is not None:
        tmp = tmp * b
    s = np.sum(tmp, axis=axis, keepdims=keepdims)
    if return_sign or b is not None:
        sgn = np.sign(s)
        s = np.abs(s)
    with np.errstate(divide='ignore'):
        out = np.log(s)
    if not keepdims:
        a_max = np.squeeze(a_max, axis=axis) if axis is not None else np.reshape(a_max, ())
    out = out + a_max
    if return_sign:
        return (np.float64(out), np.float64(sgn)) if np.ndim(out) == 0 else (out, sgn)
    if b is not None:
        out = np.where(sgn < 0, np.nan, out)
    return np.float64(out) if np.ndim(out) == 0 else out


def softmax(x, axis=None):
    x = np.asarray(x, dtype=float)
    x_max = np.amax(x, axis=axis, keepdims=True)
    e = np.exp(x - x_max)
    return e / np.sum(e, axis=axis, keepdims=True)


def log_softmax(x, axis=None):
    x = np.asarray(x, dtype=float)
    x_max = np.amax(x, axis=axis, keepdims=True)
    x_max = np.where(np.isfinite(x_max), x_max, 0.0)
    tmp = x - x_max
    return tmp - np.log(np.sum(np.exp(tmp), axis=axis, keepdims=True))


def factorial(n, exact=False):
    if exact:
        return math.factorial(int(n))
    n = np.asarray(n, dtype=float)
    r = np.where(n < 0, 0.0, gamma(np.maximum(n, 0) + 1))
    return np.float64(r) if r.ndim == 0 else r


def _binom(n, k):
    # SciPy's binom: a product for integral k, Gamma functions otherwise
    if math.isnan(n) or math.isnan(k):
        return _NAN
    if k == math.floor(k) and 0 <= k < 1e8 and n >= 0:
        kx = int(k)
        if kx > n / 2 and n == math.floor(n):
            kx = int(n - kx)
        if kx < 0:
            return 0.0
        num = 1.0
        den = 1.0
        for i in range(1, kx + 1):
            num *= i + n - kx
            den *= i
            if abs(num) > 1e50:
                num /= den
                den = 1.0
        return num / den
    return math.exp(_gammaln(n + 1) - _gammaln(k + 1) - _gammaln(n - k + 1))


binom = _ufunc(_binom, 2)


def comb(N, k, exact=False, repetition=False):
    if repetition:
        return comb(np.asarray(N) + np.asarray(k) - 1, k, exact)
    if exact:
        N, k = int(N), int(k)
        return math.comb(N, k) if 0 <= k <= N else 0
    N = np.asarray(N, dtype=float)
    k = np.asarray(k, dtype=float)
    ok = (k <= N) & (N >= 0) & (k >= 0)
    r = np.where(ok, binom(N, k), 0.0)
    return np.float64(r) if r.ndim == 0 else r
