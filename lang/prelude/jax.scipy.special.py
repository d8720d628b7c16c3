# jax.scipy.special - the special functions written with jax.numpy and jax.lax (JAX's algorithms:
# Cephes Chebyshev series and tables shared with scipy.special in sable._cephes, igamma
# series/continued fraction, Lentz betainc), grads as JAX's.

import math
import jax.numpy as jnp
from jax import lax
from sable.transforms import custom_jvp as _custom_jvp
import sable._cephes as _cephes


def _sg(x):
    f = getattr(lax, "stop_gradient", None)
    return f(x) if f is not None else x


def _inexact(*xs):
    xs = [jnp.asarray(x) for x in xs]
    dt = jnp.result_type(*xs, float)
    if len(xs) > 1:
        shp = jnp.broadcast_shapes(*[x.shape for x in xs])
        return [jnp.broadcast_to(x.astype(dt), shp) for x in xs]
    return [x.astype(dt) for x in xs]


def logsumexp(a, axis=None, b=None, keepdims=False, return_sign=False, where=None):
    a = jnp.asarray(a)
    if not jnp.issubdtype(a.dtype, jnp.floating):
        a = a.astype(jnp.result_type(float))
    amax = jnp.max(a, axis=axis, keepdims=True, where=where,
                   initial=-jnp.inf if where is not None else None)
    amax = _sg(jnp.where(jnp.isfinite(amax), amax, 0.0))
    e = jnp.exp(a - amax)
    if b is not None:
        e = e * jnp.asarray(b)
    s = jnp.sum(e, axis=axis, keepdims=keepdims, where=where)
    sign = jnp.sign(s)
    out = jnp.log(jnp.abs(s)) if (return_sign or b is not None) else jnp.log(s)
    if not keepdims:
        amax = jnp.squeeze(amax, axis=axis) if axis is not None else jnp.reshape(amax, ())
    out = out + amax
    if return_sign:
        return out, sign
    if b is not None:
        out = jnp.where(sign < 0, jnp.nan, out)
    return out


def expit(x):
    x, = _inexact(x)
    return lax.logistic(x)


@_custom_jvp
def logit(x):
    x, = _inexact(x)
    return jnp.log(x / (1 - x))


@logit.defjvp
def _logit_jvp(p, t):
    x, = p
    g, = t
    return logit(x), g / (x * (1 - x))


def log_expit(x):
    return -jnp.logaddexp(-jnp.asarray(x), 0)


def erf(x):
    x, = _inexact(x)
    return lax.erf(x)


def erfc(x):
    x, = _inexact(x)
    return lax.erfc(x)


def erfinv(x):
    x, = _inexact(x)
    return lax.erf_inv(x)


def gammaln(x):
    x, = _inexact(x)
    return lax.lgamma(x)


def gammasgn(x):
    x, = _inexact(x)
    fl = jnp.floor(x)
    neg = x < 0
    return jnp.select([(neg & (x == fl)) | jnp.isnan(x),
                       (neg & (fl % 2 != 0)) | ((x == 0) & jnp.signbit(x))],
                      [jnp.nan, -1.0], 1.0).astype(x.dtype)


def gamma(x):
    x, = _inexact(x)
    return gammasgn(x) * jnp.exp(lax.lgamma(x))


def loggamma(x):
    return gammaln(x)


def digamma(x):
    # psi is lgamma's derivative: the engine's rule for lgamma, differentiable again
    x, = _inexact(x)
    import jax
    _, d = jax.jvp(lax.lgamma, (x,), (jnp.ones_like(x),))
    fl = jnp.floor(x)
    d = jnp.where((x <= 0) & (x == fl), jnp.nan, d)
    return d.astype(x.dtype)


def _algdiv(a, b):
    c0 = 0.833333333333333e-01
    c1 = -0.277777777760991e-02
    c2 = 0.793650666825390e-03
    c3 = -0.595202931351870e-03
    c4 = 0.837308034031215e-03
    c5 = -0.165322962780713e-02
    h = a / b
    c = h / (1 + h)
    x = h / (1 + h)
    d = b + (a - 0.5)
    x2 = x * x
    s3 = 1.0 + (x + x2)
    s5 = 1.0 + (x + x2 * s3)
    s7 = 1.0 + (x + x2 * s5)
    s9 = 1.0 + (x + x2 * s7)
    s11 = 1.0 + (x + x2 * s9)
    t = (1.0 / b) ** 2
    w = ((((c5 * s11 * t + c4 * s9) * t + c3 * s7) * t + c2 * s5) * t + c1 * s3) * t + c0
    w = w * (c / b)
    u = d * jnp.log1p(a / b)
    v = a * (jnp.log(b) - 1.0)
    return jnp.where(u <= v, (w - v) - u, (w - u) - v)


def betaln(a, b):
    a, b = _inexact(a, b)
    a, b = jnp.minimum(a, b), jnp.maximum(a, b)
    small_b = lax.lgamma(a) + (lax.lgamma(b) - lax.lgamma(a + b))
    large_b = lax.lgamma(a) + _algdiv(a, b)
    return jnp.where(b < 8, small_b, large_b)


def beta(a, b):
    a, b = _inexact(a, b)
    sign = gammasgn(a) * gammasgn(b) * gammasgn(a + b)
    return sign * jnp.exp(betaln(a, b))


def multigammaln(a, d):
    d = int(d)
    a, = _inexact(a)
    constant = 0.25 * d * (d - 1) * math.log(math.pi)
    b = jnp.arange(d, dtype=a.dtype) / 2
    res = jnp.sum(gammaln(jnp.expand_dims(a, -1) - jnp.reshape(b, (1,) * a.ndim + (d,))),
                  axis=-1)
    return res + jnp.asarray(constant, dtype=a.dtype)


@_custom_jvp
def xlogy(x, y):
    x, y = _inexact(x, y)
    return jnp.where((x != 0) | jnp.isnan(y), x * jnp.log(y), jnp.zeros_like(x))


@xlogy.defjvp
def _xlogy_jvp(p, t):
    x, y = p
    dx, dy = t
    r = xlogy(x, y)
    return r, (dx * jnp.log(y) + dy * x / y).astype(r.dtype)


@_custom_jvp
def xlog1py(x, y):
    x, y = _inexact(x, y)
    return jnp.where((x != 0) | jnp.isnan(y), x * jnp.log1p(y), jnp.zeros_like(x))


@xlog1py.defjvp
def _xlog1py_jvp(p, t):
    x, y = p
    dx, dy = t
    r = xlog1py(x, y)
    return r, (dx * jnp.log1p(y) + dy * x / (1 + y)).astype(r.dtype)


@_custom_jvp
def _xlogx(x):
    return xlogy(x, x)


@_xlogx.defjvp
def _xlogx_jvp(p, t):
    x, = p
    dx, = t
    return _xlogx(x), dx * (jnp.log(x) + 1)


def entr(x):
    x, = _inexact(x)
    return jnp.where(x < 0, jnp.full_like(x, -jnp.inf), -_xlogx(x))


def kl_div(p, q):
    p, q = _inexact(p, q)
    r = jnp.where((p > 0) & (q > 0), p * jnp.log(jnp.where(p > 0, p, 1) / jnp.where(q > 0, q, 1))
                  - p + q, jnp.inf)
    return jnp.where((p == 0) & (q >= 0), q, r)


def rel_entr(p, q):
    p, q = _inexact(p, q)
    r = jnp.where((p > 0) & (q > 0), p * jnp.log(jnp.where(p > 0, p, 1) / jnp.where(q > 0, q, 1)),
                  jnp.inf)
    return jnp.where((p == 0) & (q >= 0), 0.0, r).astype(p.dtype)


def _ndtr(x):
    half_sqrt_2 = 0.5 * math.sqrt(2.0)
    w = x * half_sqrt_2
    z = jnp.abs(w)
    y = jnp.where(z < half_sqrt_2, 1.0 + lax.erf(w),
                  jnp.where(w > 0, 2.0 - lax.erfc(z), lax.erfc(z)))
    return (0.5 * y).astype(x.dtype)


def ndtr(x):
    x = jnp.asarray(x)
    if x.dtype not in (jnp.float32, jnp.float64):
        raise TypeError("x.dtype={} is not supported, see docstring for supported types."
                        .format(x.dtype))
    return _ndtr(x)


def _polyval(c, x):
    return _cephes.polevl(x, c, jnp.zeros_like(x))


def ndtri(p):
    # Cephes' rational approximations in three ranges (as JAX), not erfinv
    p, = _inexact(p)
    mcp = jnp.where(p > -math.expm1(-2.0), 1.0 - p, p)
    mcp = jnp.where(mcp == 0, 0.5, mcp).astype(p.dtype)
    w = mcp - 0.5
    ww = w * w
    x_big = w + w * ww * (_polyval(_cephes.P0, ww) / _polyval(_cephes.Q0, ww))
    x_big = x_big * -math.sqrt(2.0 * math.pi)
    z = jnp.sqrt(-2.0 * jnp.log(mcp))
    first = z - jnp.log(z) / z
    iz = 1 / z
    x_small = first - _polyval(_cephes.P2, iz) / _polyval(_cephes.Q2, iz) / z
    x_other = first - _polyval(_cephes.P1, iz) / _polyval(_cephes.Q1, iz) / z
    x = jnp.where(mcp > math.exp(-2.0), x_big, jnp.where(z >= 8.0, x_small, x_other))
    x = jnp.where(p > 1.0 - math.exp(-2.0), x, -x)
    x = jnp.where(p == 0, -jnp.inf, jnp.where(p == 1, jnp.inf, x))
    return x.astype(p.dtype)


def _log_ndtr_lower(x, series_order):
    x_2 = x * x
    log_scale = -0.5 * x_2 - jnp.log(-x) - 0.5 * math.log(2.0 * math.pi)
    even = jnp.zeros_like(x)
    odd = jnp.zeros_like(x)
    x_2n = x_2
    for n in range(1, series_order + 1):
        df = 1
        for k in range(2 * n - 1, 1, -2):
            df *= k
        y = df / x_2n
        if n % 2:
            odd = odd + y
        else:
            even = even + y
        x_2n = x_2n * x_2
    return log_scale + jnp.log(1.0 + even - odd)


@_custom_jvp
def _log_ndtr(x):
    lower, upper = (-20.0, 8.0) if x.dtype == jnp.float64 else (-10.0, 5.0)
    gt = x > upper
    res = _ndtr(jnp.where(gt, -x, jnp.maximum(x, lower)))
    return jnp.where(gt, -res, jnp.where(x > lower, jnp.log(res),
                                         _log_ndtr_lower(jnp.minimum(x, lower), 3)))


@_log_ndtr.defjvp
def _log_ndtr_jvp(p, t):
    x, = p
    g, = t
    ans = _log_ndtr(x)
    logpdf = -0.5 * x * x - math.log(math.sqrt(2 * math.pi))
    return ans, g * jnp.exp(logpdf - ans)


def log_ndtr(x, series_order=3):
    if not isinstance(series_order, int):
        raise TypeError("series_order must be a Python integer.")
    if series_order < 0:
        raise ValueError("series_order must be non-negative.")
    if series_order > 30:
        raise ValueError("series_order must be <= 30.")
    x = jnp.asarray(x)
    if x.dtype not in (jnp.float32, jnp.float64):
        raise TypeError(f"x.dtype={x.dtype} is not supported.")
    if series_order != 3:
        lower, upper = (-20.0, 8.0) if x.dtype == jnp.float64 else (-10.0, 5.0)
        gt = x > upper
        res = _ndtr(jnp.where(gt, -x, jnp.maximum(x, lower)))
        return jnp.where(gt, -res, jnp.where(x > lower, jnp.log(res),
                                             _log_ndtr_lower(jnp.minimum(x, lower), series_order)))
    return _log_ndtr(x)


def _i0e_raw(x):
    # float32 keeps the series' last 18 and 7 terms, as JAX
    f32 = x.dtype != jnp.float64
    return _cephes.i0e(jnp, x, 18 if f32 else None, 7 if f32 else None).astype(x.dtype)


def _i1e_raw(x):
    f32 = x.dtype != jnp.float64
    return _cephes.i1e(jnp, x, 17 if f32 else None, 7 if f32 else None).astype(x.dtype)


@_custom_jvp
def _i0e(x):
    return _i0e_raw(x)


@_i0e.defjvp
def _i0e_jvp(p, t):
    x, = p
    g, = t
    y = _i0e_raw(x)
    return y, g * (_i1e_raw(x) - jnp.sign(x) * y)


@_custom_jvp
def _i1e(x):
    return _i1e_raw(x)


@_i1e.defjvp
def _i1e_jvp(p, t):
    x, = p
    g, = t
    y = _i1e_raw(x)
    eps = jnp.finfo(x.dtype).eps
    big = jnp.abs(x) > eps
    sx = jnp.where(big, x, eps)
    d = _i0e_raw(sx) - y * (jnp.sign(sx) + 1 / sx)
    return y, g * jnp.where(big, d, 0.5)


def i0e(x):
    x, = _inexact(x)
    return _i0e(x)


def i1e(x):
    x, = _inexact(x)
    return _i1e(x)


def i0(x):
    x, = _inexact(x)
    return jnp.exp(jnp.abs(x)) * _i0e(x)


def i1(x):
    x, = _inexact(x)
    return jnp.exp(jnp.abs(x)) * _i1e(x)


def _any(p):
    return jnp.any(p)


def _igamma_series(ax, x, a, enabled, dtype, deriv=False):
    # the power series of P(a, x); with deriv, its derivative in a carried alongside (as JAX)
    eps = jnp.finfo(dtype).eps

    def body(v):
        en, r, c, ans, xx, dc_da, dans_da = v
        r2 = r + 1.0
        dc2 = dc_da * (xx / r2) - (c * xx) / (r2 * r2)
        dans2 = dans_da + dc2
        c2 = c * (xx / r2)
        ans2 = ans + c2
        if deriv:
            cond = en & (jnp.abs(dc2 / dans2) > eps)
        else:
            cond = en & (c2 / ans2 > eps)
        return (cond, jnp.where(en, r2, r), jnp.where(en, c2, c), jnp.where(en, ans2, ans), xx,
                jnp.where(en, dc2, dc_da), jnp.where(en, dans2, dans_da))

    z = jnp.zeros_like(a)
    v = lax.while_loop(lambda v: _any(v[0]), body,
                       (enabled, a, jnp.ones_like(a), jnp.ones_like(a), x, z, z))
    if not deriv:
        return (v[3] * ax) / a
    dlogax_da = jnp.log(x) - digamma(a + 1.0)
    return ax * (v[3] * dlogax_da + v[6]) / a


def _igammac_cf(ax, x, a, enabled, dtype, deriv=False):
    eps = jnp.finfo(dtype).eps

    def body(v):
        (en, ans, t, y, z, c, pkm1, qkm1, pkm2, qkm2, dpkm2, dqkm2, dpkm1, dqkm1, dans) = v
        c = c + 1.0
        y2 = y + 1.0
        z2 = z + 2.0
        yc = y2 * c
        pk = pkm1 * z2 - pkm2 * yc
        qk = qkm1 * z2 - qkm2 * yc
        nz = qk != 0
        r = pk / jnp.where(nz, qk, 1.0)
        t2 = jnp.where(nz, jnp.abs((ans - r) / r), 1.0)
        ans2 = jnp.where(nz, r, ans)
        dpk = dpkm1 * z2 - pkm1 - dpkm2 * yc + pkm2 * c
        dqk = dqkm1 * z2 - qkm1 - dqkm2 * yc + qkm2 * c
        dans2 = jnp.where(nz, (dpk - ans2 * dqk) / jnp.where(nz, qk, 1.0), dans)
        gcond = jnp.where(nz, jnp.abs(dans2 - dans), 1.0)
        npkm2, npkm1, nqkm2, nqkm1 = pkm1, pk, qkm1, qk
        ndpkm2, ndqkm2, ndpkm1, ndqkm1 = dpkm1, dqkm1, dpk, dqk
        resc = jnp.abs(pk) > 1.0 / eps
        npkm2 = jnp.where(resc, npkm2 * eps, npkm2)
        npkm1 = jnp.where(resc, npkm1 * eps, npkm1)
        nqkm2 = jnp.where(resc, nqkm2 * eps, nqkm2)
        nqkm1 = jnp.where(resc, nqkm1 * eps, nqkm1)
        ndpkm2 = jnp.where(resc, ndpkm2 * eps, ndpkm2)
        ndqkm2 = jnp.where(resc, ndqkm2 * eps, ndqkm2)
        ndpkm1 = jnp.where(resc, ndpkm1 * eps, ndpkm1)
        ndqkm1 = jnp.where(resc, ndqkm1 * eps, ndqkm1)
        cond = en & ((gcond > eps) if deriv else (t2 > eps))
        w = lambda new, old: jnp.where(en, new, old)
        return (cond, w(ans2, ans), w(t2, t), w(y2, y), w(z2, z), c, w(npkm1, pkm1),
                w(nqkm1, qkm1), w(npkm2, pkm2), w(nqkm2, qkm2), w(ndpkm2, dpkm2),
                w(ndqkm2, dqkm2), w(ndpkm1, dpkm1), w(ndqkm1, dqkm1), w(dans2, dans))

    y = 1.0 - a
    z = x + y + 1.0
    pkm1 = x + 1.0
    qkm1 = z * x
    ans = pkm1 / qkm1
    zero = jnp.zeros_like(x)
    dqkm1 = -x
    dans = (zero - ans * dqkm1) / qkm1
    init = (enabled, ans, jnp.ones_like(x), y, z, jnp.zeros((), x.dtype), pkm1, qkm1,
            jnp.ones_like(x), x, zero, zero, zero, dqkm1, dans)
    v = lax.while_loop(lambda v: (v[5] < 2000) & _any(v[0]), body, init)
    if not deriv:
        return v[1] * ax
    dlogax_da = jnp.log(x) - digamma(a)
    return ax * (v[1] * dlogax_da + v[14])


def _igamma_grad_a(a, x):
    dtype = x.dtype
    is_nan = jnp.isnan(a) | jnp.isnan(x)
    x0 = x == 0
    dom = (x < 0) | (a <= 0)
    use_c = (x > 1) & (x > a)
    ax = a * jnp.log(x) - x - lax.lgamma(a)
    under = ax < -math.log(float(jnp.finfo(dtype).max))
    ax = jnp.exp(ax)
    en = ~(x0 | dom | under | is_nan)
    out = jnp.where(use_c, -_igammac_cf(ax, x, a, en & use_c, dtype, True),
                    _igamma_series(ax, x, a, en & ~use_c, dtype, True))
    out = jnp.where(x0, 0.0, out)
    return jnp.where(dom | is_nan, jnp.nan, out).astype(dtype)


def _igamma_raw(a, x):
    dtype = x.dtype
    is_nan = jnp.isnan(a) | jnp.isnan(x)
    x_inf = x == jnp.inf
    a0 = a == 0
    x0 = x == 0
    dom = (x < 0) | (a < 0) | (a0 & x0) | is_nan
    use_c = (x >= 1) & (x > a)
    ax = a * jnp.log(x) - x - lax.lgamma(a)
    under = ax < -math.log(float(jnp.finfo(dtype).max))
    ax = jnp.exp(ax)
    en = ~(x0 | dom | under | x_inf)
    out = jnp.where(use_c, 1.0 - _igammac_cf(ax, x, a, en & use_c, dtype),
                    _igamma_series(ax, x, a, en & ~use_c, dtype))
    out = jnp.where(x0, 0.0, out)
    out = jnp.where(x_inf, 1.0, out)
    return jnp.where(dom, jnp.nan, out).astype(dtype)


def _igammac_raw(a, x):
    dtype = x.dtype
    is_nan = jnp.isnan(a) | jnp.isnan(x)
    a0 = a == 0
    x0 = x == 0
    x_inf = x == jnp.inf
    dom = (x < 0) | (a < 0) | (a0 & x0) | is_nan
    use_p = (x < 1) | (x < a)
    ax = a * jnp.log(x) - x - lax.lgamma(a)
    under = ax < -math.log(float(jnp.finfo(dtype).max))
    en = ~(dom | under | x_inf | a0)
    ax = jnp.exp(ax)
    out = jnp.where(use_p, 1.0 - _igamma_series(ax, x, a, en & use_p, dtype),
                    _igammac_cf(ax, x, a, en & ~use_p, dtype))
    out = jnp.where(x0, 1.0, out)
    out = jnp.where(x_inf, 0.0, out)
    out = jnp.where(under & ~dom & ~x_inf & ~a0, jnp.where(use_p, 1.0, 0.0), out)
    out = jnp.where(a0 & ~x0 & ~is_nan, 0.0, out)
    return jnp.where(dom, jnp.nan, out).astype(dtype)


def _dgamma_dx(a, x):
    return jnp.exp(-x + (a - 1) * jnp.log(x) - lax.lgamma(a))


@_custom_jvp
def _gammainc(a, x):
    return _igamma_raw(a, x)


@_gammainc.defjvp
def _gammainc_jvp(p, t):
    # in x the density; in a the series / continued fraction differentiated (JAX's
    # igamma_grad_a)
    a, x = p
    da, dx = t
    return _igamma_raw(a, x), dx * _dgamma_dx(a, x) + da * _igamma_grad_a(a, x)


@_custom_jvp
def _gammaincc(a, x):
    return _igammac_raw(a, x)


@_gammaincc.defjvp
def _gammaincc_jvp(p, t):
    a, x = p
    da, dx = t
    return _igammac_raw(a, x), -dx * _dgamma_dx(a, x) - da * _igamma_grad_a(a, x)


def gammainc(a, x):
    a, x = _inexact(a, x)
    return _gammainc(a, x)


def gammaincc(a, x):
    a, x = _inexact(a, x)
    return _gammaincc(a, x)


def _betainc_raw(a, b, x):
    dtype = x.dtype
    eps = float(jnp.finfo(dtype).eps)
    a_zero = (a == 0) | (b == jnp.inf)
    b_zero = (b == 0) | (a == jnp.inf)
    x0 = x == 0
    x1 = x == 1
    is_nan = jnp.isnan(a) | jnp.isnan(b) | jnp.isnan(x)
    res_zero = (b_zero & ~x1) | (a_zero & x0)
    res_one = (a_zero & ~x0) | (b_zero & x1)
    res_nan = (a < 0) | (b < 0) | (x < 0) | (x > 1) | (a_zero & b_zero) | is_nan
    fast = x < (a + 1) / (a + b + 2.0)
    a2 = jnp.where(fast, a, b)
    b2 = jnp.where(fast, b, a)
    x2 = jnp.where(fast, x, 1.0 - x)
    small = eps / 2
    niter = 200 if dtype == jnp.float32 else 600

    def num(it):
        even = (it % 2) == 0
        m = ((it - 1) // 2).astype(dtype)
        zero_num = -(a2 + b2) * x2 / (a2 + 1)
        even_num = jnp.where(m == 0, zero_num,
                             -(a2 + m) * (a2 + b2 + m) * x2 / ((a2 + 2 * m) * (a2 + 2 * m + 1)))
        odd_num = m * (b2 - m) * x2 / ((a2 + 2 * m - 1) * (a2 + 2 * m))
        return jnp.where(it == 1, jnp.ones_like(x2), jnp.where(even, even_num, odd_num))

    def den(it):
        return jnp.where(it == 0, jnp.zeros_like(x2), jnp.ones_like(x2))

    def body(v):
        it, unconv, c, d, h = v
        pn = num(it)
        pd = den(it)
        c = pd + pn / c
        c = jnp.where(jnp.abs(c) < small, small, c)
        d = pd + pn * d
        d = jnp.where(jnp.abs(d) < small, small, d)
        d = 1.0 / d
        delta = c * d
        h = h * delta
        return (it + 1, _any(jnp.abs(delta - 1.0) >= small), c, d, h)

    h0 = den(jnp.asarray(0))
    h0 = jnp.where(jnp.abs(h0) < small, small, h0)
    v = lax.while_loop(lambda v: (v[0] < niter) & v[1], body,
                       (jnp.asarray(1), jnp.asarray(True), h0, jnp.zeros_like(h0), h0))
    cf = v[4]
    very_small = float(jnp.finfo(dtype).tiny) * 2
    lb_small = lax.lgamma(b2) - lax.lgamma(a2 + b2)
    lb = lax.lgamma(a2) + lb_small
    factor = jnp.where(a2 < very_small, jnp.exp(jnp.log1p(-x2) * b2 - lb_small),
                       jnp.exp(jnp.log(x2) * a2 + jnp.log1p(-x2) * b2 - lb) / a2)
    r = cf * factor
    r = jnp.where(fast, r, 1.0 - r)
    r = jnp.where(res_zero, 0.0, r)
    r = jnp.where(res_one, 1.0, r)
    return jnp.where(res_nan, jnp.nan, r).astype(dtype)


@_custom_jvp
def _betainc(a, b, x):
    return _betainc_raw(a, b, x)


@_betainc.defjvp
def _betainc_jvp(p, t):
    # as JAX: differentiable in x only
    a, b, x = p
    da, db, dx = t
    lbeta = lax.lgamma(a) + lax.lgamma(b) - lax.lgamma(a + b)
    dens = jnp.exp((b - 1) * jnp.log1p(-x) + (a - 1) * jnp.log(x) - lbeta)
    return _betainc_raw(a, b, x), dx * dens


def betainc(a, b, x):
    a, b, x = _inexact(a, b, x)
    return _betainc(a, b, x)


def softmax(x, /, *, axis=None):
    x = jnp.asarray(x)
    e = jnp.exp(x - _sg(jnp.max(x, axis=axis, keepdims=True)))
    return e / jnp.sum(e, axis=axis, keepdims=True)


def log_softmax(x, /, *, axis=None):
    x = jnp.asarray(x)
    s = x - _sg(jnp.max(x, axis=axis, keepdims=True))
    return s - jnp.log(jnp.sum(jnp.exp(s), axis=axis, keepdims=True))
