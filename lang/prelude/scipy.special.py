# scipy.special - special functions over NumPy float64: libm's erf/lgamma/gamma, Cephes' ndtri,
# i0/i1 series and igam/igamc, a Lentz continued fraction for betainc; scalar in, scalar out.

import math
import numpy as np

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


def _polevl(x, c):
    r = 0.0
    for v in c:
        r = r * x + v
    return r


_P0 = [-5.99633501014107895267E1, 9.80010754185999661536E1, -5.66762857469070293439E1,
       1.39312609387279679503E1, -1.23916583867381258016E0]
_Q0 = [1.0, 1.95448858338141759834E0, 4.67627912898881538453E0, 8.63602421390890590575E1,
       -2.25462687854119370527E2, 2.00260212380060660359E2, -8.20372256168333339912E1,
       1.59056225126211695515E1, -1.18331621121330003142E0]
_P1 = [4.05544892305962419923E0, 3.15251094599893866154E1, 5.71628192246421288162E1,
       4.40805073893200834700E1, 1.46849561928858024014E1, 2.18663306850790267539E0,
       -1.40256079171354495875E-1, -3.50424626827848203418E-2, -8.57456785154685413611E-4]
_Q1 = [1.0, 1.57799883256466749731E1, 4.53907635128879210584E1, 4.13172038254672030440E1,
       1.50425385692907503408E1, 2.50464946208309415979E0, -1.42182922854787788574E-1,
       -3.80806407691578277194E-2, -9.33259480895457427372E-4]
_P2 = [3.23774891776946035970E0, 6.91522889068984211695E0, 3.93881025292474443415E0,
       1.33303460815807542389E0, 2.01485389549179081538E-1, 1.23716634817820021358E-2,
       3.01581553508235416007E-4, 2.65806974686737550832E-6, 6.23974539184983293730E-9]
_Q2 = [1.0, 6.02427039364742014255E0, 3.67983563856160859403E0, 1.37702099489081330271E0,
       2.16236993594496635890E-1, 1.34204006088543189037E-2, 3.28014464682127739104E-4,
       2.89247864745380683936E-6, 6.79019408009981274425E-9]


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
        x = y + y * (y2 * _polevl(y2, _P0) / _polevl(y2, _Q0))
        return x * s2pi
    x = math.sqrt(-2.0 * math.log(y))
    x0 = x - math.log(x) / x
    z = 1.0 / x
    if x < 8.0:
        x1 = z * _polevl(z, _P1) / _polevl(z, _Q1)
    else:
        x1 = z * _polevl(z, _P2) / _polevl(z, _Q2)
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


_I0_A = [-4.41534164647933937950e-18, 3.33079451882223809783e-17, -2.43127984654795469359e-16,
         1.71539128555513303061e-15, -1.16853328779934516808e-14, 7.67618549860493561688e-14,
         -4.85644678311192946090e-13, 2.95505266312963983461e-12, -1.72682629144155570723e-11,
         9.67580903537323691224e-11, -5.18979560163526290666e-10, 2.65982372468238665035e-9,
         -1.30002500998624804212e-8, 6.04699502254191894932e-8, -2.67079385394061173391e-7,
         1.11738753912010371815e-6, -4.41673835845875056359e-6, 1.64484480707288970893e-5,
         -5.75419501008210370398e-5, 1.88502885095841655729e-4, -5.76375574538582365885e-4,
         1.63947561694133579842e-3, -4.32430999505057594430e-3, 1.05464603945949983183e-2,
         -2.37374148058994688156e-2, 4.93052842396707084878e-2, -9.49010970480476444210e-2,
         1.71620901522208775349e-1, -3.04682672343198398683e-1, 6.76795274409476084995e-1]
_I0_B = [-7.23318048787475395456e-18, -4.83050448594418207126e-18, 4.46562142029675999901e-17,
         3.46122286769746109310e-17, -2.82762398051658348494e-16, -3.42548561967721913462e-16,
         1.77256013305652638360e-15, 3.81168066935262242075e-15, -9.55484669882830764870e-15,
         -4.15056934728722208663e-14, 1.54008621752140982691e-14, 3.85277838274214270114e-13,
         7.18012445138366623367e-13, -1.79417853150680611778e-12, -1.32158118404477131188e-11,
         -3.14991652796324136454e-11, 1.18891471078464383424e-11, 4.94060238822496958910e-10,
         3.39623202570838634515e-9, 2.26666899049817806459e-8, 2.04891858946906374183e-7,
         2.89137052083475648297e-6, 6.88975834691682398426e-5, 3.36911647825569408990e-3,
         8.04490411014108831608e-1]
_I1_A = [2.77791411276104639959e-18, -2.11142121435816608115e-17, 1.55363195773620046921e-16,
         -1.10559694773538630805e-15, 7.60068429473540693410e-15, -5.04218550472791168711e-14,
         3.22379336594557470981e-13, -1.98397439776494371520e-12, 1.17361862988909016308e-11,
         -6.66348972350202774223e-11, 3.62559028155211703701e-10, -1.88724975172282928790e-9,
         9.38153738649577178388e-9, -4.44505912879632808065e-8, 2.00329475355213526229e-7,
         -8.56872026469545474066e-7, 3.47025130813767847674e-6, -1.32731636560394358279e-5,
         4.78156510755005422638e-5, -1.61760815825896745588e-4, 5.12285956168575772895e-4,
         -1.51357245063125314899e-3, 4.15642294431288815669e-3, -1.05640848946261981558e-2,
         2.47264490306265168283e-2, -5.29459812080949914269e-2, 1.02643658689847095384e-1,
         -1.76416518357834055153e-1, 2.52587186443633654823e-1]
_I1_B = [7.51729631084210481353e-18, 4.41434832307170791151e-18, -4.65030536848935832153e-17,
         -3.20952592199342395980e-17, 2.96262899764595013876e-16, 3.30820231092092828324e-16,
         -1.88035477551078244854e-15, -3.81440307243700780478e-15, 1.04202769841288027642e-14,
         4.27244001671195135429e-14, -2.10154184277266431302e-14, -4.08355111109219731823e-13,
         -7.19855177624590851209e-13, 2.03562854414708950722e-12, 1.41258074366137813316e-11,
         3.25260358301548823856e-11, -1.89749581235054123450e-11, -5.58974346219658380687e-10,
         -3.83538038596423702205e-9, -2.63146884688951950684e-8, -2.51223623787020892529e-7,
         -3.88256480887769039346e-6, -1.10588938762623716291e-4, -9.76109749136146840777e-3,
         7.78576235018280120474e-1]


def _chbevl(x, c):
    b0 = c[0]
    b1 = 0.0
    b2 = 0.0
    for v in c[1:]:
        b2 = b1
        b1 = b0
        b0 = x * b1 - b2 + v
    return 0.5 * (b0 - b2)


def _i0e(x):
    if math.isnan(x):
        return x
    x = abs(x)
    if x == _INF:
        return 0.0
    if x <= 8.0:
        return _chbevl(x / 2.0 - 2.0, _I0_A)
    return _chbevl(32.0 / x - 2.0, _I0_B) / math.sqrt(x)


def _i1e(x):
    if math.isnan(x):
        return x
    z = abs(x)
    if z == _INF:
        r = 0.0
    elif z <= 8.0:
        r = _chbevl(z / 2.0 - 2.0, _I1_A) * z
    else:
        r = _chbevl(32.0 / z - 2.0, _I1_B) / math.sqrt(z)
    return -r if x < 0 else r


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
