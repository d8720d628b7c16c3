# scipy.optimize - minimize (BFGS, CG, Nelder-Mead, L-BFGS-B) over NumPy float64 arrays, ported
# step for step from SciPy 1.17 (_optimize.py, _linesearch.py, _dcsrch.py, _numdiff.py).

import math
import warnings
import numpy as np

_epsilon = math.sqrt(np.finfo(float).eps)
_status_message = {'success': 'Optimization terminated successfully.',
                   'maxfev': 'Maximum number of function evaluations has been exceeded.',
                   'maxiter': 'Maximum number of iterations has been exceeded.',
                   'pr_loss': 'Desired error not necessarily achieved due to precision loss.',
                   'nan': 'NaN result encountered.',
                   'out_of_bounds': 'The result is outside of the provided bounds.'}


class OptimizeWarning(UserWarning):
    pass


class LineSearchWarning(RuntimeWarning):
    pass


def _indenter(s, n=0):
    return ('\n' + ' ' * n).join(s.split('\n'))


def _float_formatter_10(x):
    if np.isposinf(x):
        return '       inf'
    elif np.isneginf(x):
        return '      -inf'
    elif np.isnan(x):
        return '       nan'
    # np.format_float_scientific(x, precision=3, pad_left=2, unique=False)
    s = '%.3e' % float(x)
    return ' ' * max(0, 2 - len(s.split('.')[0])) + s


def _extend_line(s, line, word, width, prefix):
    if len(line) + len(word) > width and len(line) > len(prefix):
        s += line.rstrip() + "\n"
        line = prefix
    return s, line + word


def _format_array(a, width, prefix, sep):
    # NumPy's _formatArray with edgeitems=2, threshold=12 and _float_formatter_10 for floats
    summarize = a.size > 12
    fmt = _float_formatter_10 if a.dtype.kind == 'f' else str

    def rec(index, hang, cw):
        axis = len(index)
        left = a.ndim - axis
        if left == 0:
            return fmt(a[index])
        nhang = hang + ' '
        nw = cw - 1
        n = a.shape[axis]
        show = summarize and 4 < n
        lead, trail = (2, 2) if show else (0, n)
        if left == 1:
            ew = cw - len(sep.rstrip())
            s = ''
            line = hang
            for i in range(lead):
                s, line = _extend_line(s, line, rec(index + (i,), nhang, nw), ew, hang)
                line += sep
            if show:
                s, line = _extend_line(s, line, '...', ew, hang)
                line += sep
            for i in range(trail, 1, -1):
                s, line = _extend_line(s, line, rec(index + (-i,), nhang, nw), ew, hang)
                line += sep
            s, line = _extend_line(s, line, rec(index + (-1,), nhang, nw), ew, hang)
            s += line
        else:
            s = ''
            lsep = sep.rstrip() + '\n' * (left - 1)
            for i in range(lead):
                s += hang + rec(index + (i,), nhang, nw) + lsep
            if show:
                s += hang + '...' + lsep
            for i in range(trail, 1, -1):
                s += hang + rec(index + (-i,), nhang, nw) + lsep
            s += hang + rec(index + (-1,), nhang, nw)
        return '[' + s[len(hang):] + ']'

    if a.ndim == 0:
        return fmt(a[()])
    return rec((), prefix, width)


def _value_str(v, width, as_repr=False):
    if isinstance(v, np.ndarray) and v.dtype.kind in 'fiub' and v.ndim > 0:
        if not as_repr:
            return _format_array(v, width, ' ', ' ')
        body = _format_array(v, width, ' ' * 7, ', ')
        if v.size > 12:
            # NumPy 2 names the shape of a summarized array in its repr
            body += ',\n' + ' ' * 6 + 'shape=' + str(tuple(v.shape))
        return 'array(' + body + ')'
    if isinstance(v, tuple):
        parts = [_value_str(e, width, True) for e in v]
        return '(' + ', '.join(parts) + (',)' if len(parts) == 1 else ')')
    return repr(v) if as_repr else str(v)


def _dict_formatter(d, n=0, mplus=1, sorter=None):
    if isinstance(d, dict):
        m = max(map(len, list(d.keys()))) + mplus
        return '\n'.join([k.rjust(m) + ': ' + _indenter(_dict_formatter(v, m + n + 2, 0, sorter),
                                                        m + 2) for k, v in sorter(d)])
    return _value_str(d, 76 - n)


_ORDER = ['message', 'success', 'status', 'fun', 'funl', 'x', 'xl', 'col_ind', 'nit', 'lower',
          'upper', 'eqlin', 'ineqlin', 'converged', 'flag', 'function_calls', 'iterations',
          'root']


class OptimizeResult(dict):
    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None

    def __setattr__(self, name, value):
        self[name] = value

    def __delattr__(self, name):
        del self[name]

    def __repr__(self):
        def key(item):
            k = item[0].lower()
            return _ORDER.index(k) if k in _ORDER else len(_ORDER)

        def sorter(d):
            items = [it for it in d.items() if it[0] not in ('slack', 'con', 'crossover_nit',
                                                            '_order_keys')]
            return sorted(items, key=key)
        if self.keys():
            return _dict_formatter(self, sorter=sorter)
        return self.__class__.__name__ + '()'

    def __dir__(self):
        return list(self.keys())


class _LineSearchError(RuntimeError):
    pass


def vecnorm(x, ord=2):
    if ord == np.inf:
        return np.amax(np.abs(x))
    elif ord == -np.inf:
        return np.amin(np.abs(x))
    return np.sum(np.abs(x) ** ord, axis=0) ** (1.0 / ord)


# ---- objective with SciPy's caching and evaluation counts (ScalarFunction) ----

def _scalar(fx):
    if not np.isscalar(fx):
        try:
            fx = np.asarray(fx).item()
        except (TypeError, ValueError):
            raise ValueError("The user-provided objective function must return a scalar value.")
    return fx


class _ScalarFunction:
    def __init__(self, fun, x0, args, grad, epsilon, bounds=None):
        self._fun = fun
        self._args = args
        self._grad = grad
        self.epsilon = epsilon
        self.lb, self.ub = bounds if bounds is not None else (None, None)
        self.x = np.atleast_1d(np.asarray(x0, dtype=float)).copy()
        self._nfev = 0
        self.fd_nfev = 0
        self.ngev = 0
        self.f_updated = False
        self.g_updated = False
        self._update_fun()
        self._update_grad()

    @property
    def nfev(self):
        return self._nfev + self.fd_nfev

    def _call(self, x):
        return _scalar(self._fun(np.copy(x), *self._args))

    def _update_fun(self):
        if not self.f_updated:
            self.f = self._call(self.x)
            self._nfev += 1
            self.f_updated = True

    def _fd_grad(self, x, f0):
        n = x.size
        sign_x0 = (x >= 0).astype(float) * 2 - 1
        if self.epsilon is None:
            h = _epsilon * sign_x0 * np.maximum(1.0, np.abs(x))
        else:
            h = np.broadcast_to(np.asarray(self.epsilon, dtype=float), x.shape).copy()
            dx = x + h - x
            h = np.where(dx == 0, _epsilon * sign_x0 * np.maximum(1.0, np.abs(x)), h)
        if self.lb is not None:
            # 1-sided scheme inside the bounds (SciPy's _adjust_scheme_to_bounds)
            lb, ub = self.lb, self.ub
            x1 = x + h
            violated = (x1 < lb) | (x1 > ub)
            lower_dist = x - lb
            upper_dist = ub - x
            fitting = np.abs(h) <= np.maximum(lower_dist, upper_dist)
            h = np.where(violated & fitting, -h, h)
            forward = (upper_dist >= lower_dist) & ~fitting
            h = np.where(forward, upper_dist, h)
            backward = (upper_dist < lower_dist) & ~fitting
            h = np.where(backward, -lower_dist, h)
        g = np.empty(n)
        for i in range(n):
            x1 = np.copy(x)
            x1[i] = x[i] + h[i]
            f1 = self._call(x1)
            g[i] = (f1 - f0) / (x[i] + h[i] - x[i])
        self.fd_nfev += n
        return g

    def _update_grad(self):
        if not self.g_updated:
            if callable(self._grad):
                self.g = np.atleast_1d(np.asarray(self._grad(np.copy(self.x), *self._args),
                                                  dtype=float))
            else:
                self._update_fun()
                self.g = self._fd_grad(self.x, self.f)
            self.ngev += 1
            self.g_updated = True

    def _update_x(self, x):
        self.x = np.atleast_1d(np.asarray(x, dtype=float)).copy()
        self.f_updated = False
        self.g_updated = False

    def fun(self, x):
        if not np.array_equal(x, self.x):
            self._update_x(x)
        self._update_fun()
        return self.f

    def grad(self, x):
        if not np.array_equal(x, self.x):
            self._update_x(x)
        self._update_grad()
        return self.g


class MemoizeJac:
    def __init__(self, fun):
        self.fun = fun
        self.jac = None
        self._value = None
        self.x = None

    def _compute_if_needed(self, x, *args):
        if not np.all(x == self.x) or self._value is None or self.jac is None:
            self.x = np.asarray(x).copy()
            fg = self.fun(x, *args)
            self.jac = fg[1]
            self._value = fg[0]

    def __call__(self, x, *args):
        self._compute_if_needed(x, *args)
        return self._value

    def derivative(self, x, *args):
        self._compute_if_needed(x, *args)
        return self.jac


# ---- line searches ----

def _dcstep(stx, fx, dx, sty, fy, dy, stp, fp, dp, brackt, stpmin, stpmax):
    sgnd = np.sign(dp) * np.sign(dx)
    if fp > fx:
        theta = 3.0 * (fx - fp) / (stp - stx) + dx + dp
        s = max(abs(theta), abs(dx), abs(dp))
        gamma = s * np.sqrt((theta / s) ** 2 - dx / s * (dp / s))
        if stp < stx:
            gamma *= -1
        p = gamma - dx + theta
        q = gamma - dx + gamma + dp
        r = p / q
        stpc = stx + r * (stp - stx)
        stpq = stx + dx / ((fx - fp) / (stp - stx) + dx) / 2.0 * (stp - stx)
        if abs(stpc - stx) <= abs(stpq - stx):
            stpf = stpc
        else:
            stpf = stpc + (stpq - stpc) / 2.0
        brackt = True
    elif sgnd < 0.0:
        theta = 3 * (fx - fp) / (stp - stx) + dx + dp
        s = max(abs(theta), abs(dx), abs(dp))
        gamma = s * np.sqrt((theta / s) ** 2 - dx / s * (dp / s))
        if stp > stx:
            gamma *= -1
        p = gamma - dp + theta
        q = gamma - dp + gamma + dx
        r = p / q
        stpc = stp + r * (stx - stp)
        stpq = stp + dp / (dp - dx) * (stx - stp)
        stpf = stpc if abs(stpc - stp) > abs(stpq - stp) else stpq
        brackt = True
    elif abs(dp) < abs(dx):
        theta = 3 * (fx - fp) / (stp - stx) + dx + dp
        s = max(abs(theta), abs(dx), abs(dp))
        gamma = s * np.sqrt(max(0, (theta / s) ** 2 - dx / s * (dp / s)))
        if stp > stx:
            gamma = -gamma
        p = gamma - dp + theta
        q = gamma + (dx - dp) + gamma
        r = p / q
        if r < 0 and gamma != 0:
            stpc = stp + r * (stx - stp)
        elif stp > stx:
            stpc = stpmax
        else:
            stpc = stpmin
        stpq = stp + dp / (dp - dx) * (stx - stp)
        if brackt:
            stpf = stpc if abs(stpc - stp) < abs(stpq - stp) else stpq
            if stp > stx:
                stpf = min(stp + 0.66 * (sty - stp), stpf)
            else:
                stpf = max(stp + 0.66 * (sty - stp), stpf)
        else:
            stpf = stpc if abs(stpc - stp) > abs(stpq - stp) else stpq
            stpf = float(np.clip(stpf, stpmin, stpmax))
    elif brackt:
        theta = 3.0 * (fp - fy) / (sty - stp) + dy + dp
        s = max(abs(theta), abs(dy), abs(dp))
        gamma = s * np.sqrt((theta / s) ** 2 - dy / s * (dp / s))
        if stp > sty:
            gamma = -gamma
        p = gamma - dp + theta
        q = gamma - dp + gamma + dy
        r = p / q
        stpf = stp + r * (sty - stp)
    elif stp > stx:
        stpf = stpmax
    else:
        stpf = stpmin
    if fp > fx:
        sty, fy, dy = stp, fp, dp
    else:
        if sgnd < 0:
            sty, fy, dy = stx, fx, dx
        stx, fx, dx = stp, fp, dp
    return stx, fx, dx, sty, fy, dy, stpf, brackt


class _DCSRCH:
    # MINPACK-2's dcsrch (More-Thuente) as scipy/optimize/_dcsrch.py
    def __init__(self, phi, derphi, ftol, gtol, xtol, stpmin, stpmax):
        self.ftol, self.gtol, self.xtol = ftol, gtol, xtol
        self.stpmin, self.stpmax = stpmin, stpmax
        self.phi, self.derphi = phi, derphi

    def __call__(self, alpha1, phi0, derphi0, maxiter=100):
        phi1 = phi0
        derphi1 = derphi0
        task = 'START'
        stp = alpha1
        for i in range(maxiter):
            stp, phi1, derphi1, task = self._iterate(alpha1, phi1, derphi1, task)
            if not np.isfinite(stp):
                task = 'WARN'
                stp = None
                break
            if task[:2] == 'FG':
                alpha1 = stp
                phi1 = self.phi(stp)
                derphi1 = self.derphi(stp)
            else:
                break
        else:
            stp = None
            task = 'WARNING: dcsrch did not converge within max iterations'
        if task[:5] == 'ERROR' or task[:4] == 'WARN':
            stp = None
        return stp, phi1, phi0, task

    def _iterate(self, stp, f, g, task):
        p5, p66, xtrapl, xtrapu = 0.5, 0.66, 1.1, 4.0
        if task[:5] == 'START':
            if stp < self.stpmin:
                task = 'ERROR: STP .LT. STPMIN'
            if stp > self.stpmax:
                task = 'ERROR: STP .GT. STPMAX'
            if g >= 0:
                task = 'ERROR: INITIAL G .GE. ZERO'
            if task[:5] == 'ERROR':
                return stp, f, g, task
            self.brackt = False
            self.stage = 1
            self.finit = f
            self.ginit = g
            self.gtest = self.ftol * self.ginit
            self.width = self.stpmax - self.stpmin
            self.width1 = self.width / p5
            self.stx, self.fx, self.gx = 0.0, self.finit, self.ginit
            self.sty, self.fy, self.gy = 0.0, self.finit, self.ginit
            self.stmin = 0
            self.stmax = stp + xtrapu * stp
            return stp, f, g, 'FG'
        ftest = self.finit + stp * self.gtest
        if self.stage == 1 and f <= ftest and g >= 0:
            self.stage = 2
        if self.brackt and (stp <= self.stmin or stp >= self.stmax):
            task = 'WARNING: ROUNDING ERRORS PREVENT PROGRESS'
        if self.brackt and self.stmax - self.stmin <= self.xtol * self.stmax:
            task = 'WARNING: XTOL TEST SATISFIED'
        if stp == self.stpmax and f <= ftest and g <= self.gtest:
            task = 'WARNING: STP = STPMAX'
        if stp == self.stpmin and (f > ftest or g >= self.gtest):
            task = 'WARNING: STP = STPMIN'
        if f <= ftest and abs(g) <= self.gtol * -self.ginit:
            task = 'CONVERGENCE'
        if task[:4] == 'WARN' or task[:4] == 'CONV':
            return stp, f, g, task
        if self.stage == 1 and f <= self.fx and f > ftest:
            fm = f - stp * self.gtest
            fxm = self.fx - self.stx * self.gtest
            fym = self.fy - self.sty * self.gtest
            gm = g - self.gtest
            gxm = self.gx - self.gtest
            gym = self.gy - self.gtest
            self.stx, fxm, gxm, self.sty, fym, gym, stp, self.brackt = _dcstep(
                self.stx, fxm, gxm, self.sty, fym, gym, stp, fm, gm, self.brackt, self.stmin,
                self.stmax)
            self.fx = fxm + self.stx * self.gtest
            self.fy = fym + self.sty * self.gtest
            self.gx = gxm + self.gtest
            self.gy = gym + self.gtest
        else:
            (self.stx, self.fx, self.gx, self.sty, self.fy, self.gy, stp,
             self.brackt) = _dcstep(self.stx, self.fx, self.gx, self.sty, self.fy, self.gy, stp,
                                    f, g, self.brackt, self.stmin, self.stmax)
        if self.brackt:
            if abs(self.sty - self.stx) >= p66 * self.width1:
                stp = self.stx + p5 * (self.sty - self.stx)
            self.width1 = self.width
            self.width = abs(self.sty - self.stx)
            self.stmin = min(self.stx, self.sty)
            self.stmax = max(self.stx, self.sty)
        else:
            self.stmin = stp + xtrapl * (stp - self.stx)
            self.stmax = stp + xtrapu * (stp - self.stx)
        stp = float(np.clip(stp, self.stpmin, self.stpmax))
        if (self.brackt and (stp <= self.stmin or stp >= self.stmax)) or \
                (self.brackt and self.stmax - self.stmin <= self.xtol * self.stmax):
            stp = self.stx
        return stp, f, g, 'FG'


def _check_c1_c2(c1, c2):
    if not 0 < c1 < c2 < 1:
        raise ValueError("'c1' and 'c2' do not satisfy'0 < c1 < c2 < 1'.")


def scalar_search_wolfe1(phi, derphi, phi0=None, old_phi0=None, derphi0=None, c1=1e-4, c2=0.9,
                         amax=50, amin=1e-8, xtol=1e-14):
    _check_c1_c2(c1, c2)
    if phi0 is None:
        phi0 = phi(0.)
    if derphi0 is None:
        derphi0 = derphi(0.)
    if old_phi0 is not None and derphi0 != 0:
        alpha1 = min(1.0, 1.01 * 2 * (phi0 - old_phi0) / derphi0)
        if alpha1 < 0:
            alpha1 = 1.0
    else:
        alpha1 = 1.0
    stp, phi1, phi0, task = _DCSRCH(phi, derphi, c1, c2, xtol, amin, amax)(
        alpha1, phi0=phi0, derphi0=derphi0, maxiter=100)
    return stp, phi1, phi0


def line_search_wolfe1(f, fprime, xk, pk, gfk=None, old_fval=None, old_old_fval=None, args=(),
                       c1=1e-4, c2=0.9, amax=50, amin=1e-8, xtol=1e-14):
    if gfk is None:
        gfk = fprime(xk, *args)
    gval = [gfk]
    gc = [0]
    fc = [0]

    def phi(s):
        fc[0] += 1
        return f(xk + s * pk, *args)

    def derphi(s):
        gval[0] = fprime(xk + s * pk, *args)
        gc[0] += 1
        return np.dot(gval[0], pk)

    derphi0 = np.dot(gfk, pk)
    stp, fval, old_fval = scalar_search_wolfe1(phi, derphi, old_fval, old_old_fval, derphi0,
                                               c1=c1, c2=c2, amax=amax, amin=amin, xtol=xtol)
    return stp, fc[0], gc[0], fval, old_fval, gval[0]


def _cubicmin(a, fa, fpa, b, fb, c, fc):
    with np.errstate(divide='ignore', over='ignore', invalid='ignore'):
        C = fpa
        db = b - a
        dc = c - a
        denom = (db * dc) ** 2 * (db - dc)
        if denom == 0:
            return None
        d1 = np.array([[dc ** 2, -db ** 2], [-dc ** 3, db ** 3]], dtype=float)
        A, B = np.dot(d1, np.asarray([fb - fa - C * db, fc - fa - C * dc], dtype=float))
        A /= denom
        B /= denom
        radical = B * B - 3 * A * C
        if radical < 0 or A == 0:
            return None
        xmin = a + (-B + np.sqrt(radical)) / (3 * A)
    if not np.isfinite(xmin):
        return None
    return xmin


def _quadmin(a, fa, fpa, b, fb):
    D = fa
    C = fpa
    db = b - a * 1.0
    if db == 0:
        return None
    B = (fb - D - C * db) / (db * db)
    if B == 0:
        return None
    xmin = a - C / (2.0 * B)
    if not np.isfinite(xmin):
        return None
    return xmin


def _zoom(a_lo, a_hi, phi_lo, phi_hi, derphi_lo, phi, derphi, phi0, derphi0, c1, c2,
          extra_condition):
    maxiter = 10
    i = 0
    delta1 = 0.2
    delta2 = 0.1
    phi_rec = phi0
    a_rec = 0
    a_j = None
    cchk = 0
    while True:
        dalpha = a_hi - a_lo
        if dalpha < 0:
            a, b = a_hi, a_lo
        else:
            a, b = a_lo, a_hi
        if i > 0:
            cchk = delta1 * dalpha
            a_j = _cubicmin(a_lo, phi_lo, derphi_lo, a_hi, phi_hi, a_rec, phi_rec)
        if i == 0 or a_j is None or a_j > b - cchk or a_j < a + cchk:
            qchk = delta2 * dalpha
            a_j = _quadmin(a_lo, phi_lo, derphi_lo, a_hi, phi_hi)
            if a_j is None or a_j > b - qchk or a_j < a + qchk:
                a_j = a_lo + 0.5 * dalpha
        phi_aj = phi(a_j)
        if phi_aj > phi0 + c1 * a_j * derphi0 or phi_aj >= phi_lo:
            phi_rec = phi_hi
            a_rec = a_hi
            a_hi = a_j
            phi_hi = phi_aj
        else:
            derphi_aj = derphi(a_j)
            if abs(derphi_aj) <= -c2 * derphi0 and extra_condition(a_j, phi_aj):
                return a_j, phi_aj, derphi_aj
            if derphi_aj * (a_hi - a_lo) >= 0:
                phi_rec = phi_hi
                a_rec = a_hi
                a_hi = a_lo
                phi_hi = phi_lo
            else:
                phi_rec = phi_lo
                a_rec = a_lo
            a_lo = a_j
            phi_lo = phi_aj
            derphi_lo = derphi_aj
        i += 1
        if i > maxiter:
            return None, None, None


def scalar_search_wolfe2(phi, derphi, phi0=None, old_phi0=None, derphi0=None, c1=1e-4, c2=0.9,
                         amax=None, extra_condition=None, maxiter=10):
    _check_c1_c2(c1, c2)
    if phi0 is None:
        phi0 = phi(0.)
    if derphi0 is None:
        derphi0 = derphi(0.)
    alpha0 = 0
    if old_phi0 is not None and derphi0 != 0:
        alpha1 = min(1.0, 1.01 * 2 * (phi0 - old_phi0) / derphi0)
    else:
        alpha1 = 1.0
    if alpha1 < 0:
        alpha1 = 1.0
    if amax is not None:
        alpha1 = min(alpha1, amax)
    phi_a1 = phi(alpha1)
    phi_a0 = phi0
    derphi_a0 = derphi0
    if extra_condition is None:
        def extra_condition(alpha, phi):
            return True
    for i in range(maxiter):
        if alpha1 == 0 or (amax is not None and alpha0 > amax):
            return None, phi0, old_phi0, None
        if phi_a1 > phi0 + c1 * alpha1 * derphi0 or (phi_a1 >= phi_a0 and i > 0):
            a, p, d = _zoom(alpha0, alpha1, phi_a0, phi_a1, derphi_a0, phi, derphi, phi0,
                            derphi0, c1, c2, extra_condition)
            return a, p, phi0, d
        derphi_a1 = derphi(alpha1)
        if abs(derphi_a1) <= -c2 * derphi0:
            if extra_condition(alpha1, phi_a1):
                return alpha1, phi_a1, phi0, derphi_a1
        if derphi_a1 >= 0:
            a, p, d = _zoom(alpha1, alpha0, phi_a1, phi_a0, derphi_a1, phi, derphi, phi0,
                            derphi0, c1, c2, extra_condition)
            return a, p, phi0, d
        alpha2 = 2 * alpha1
        if amax is not None:
            alpha2 = min(alpha2, amax)
        alpha0 = alpha1
        alpha1 = alpha2
        phi_a0 = phi_a1
        phi_a1 = phi(alpha1)
        derphi_a0 = derphi_a1
    return alpha1, phi_a1, phi0, None


def line_search_wolfe2(f, myfprime, xk, pk, gfk=None, old_fval=None, old_old_fval=None, args=(),
                       c1=1e-4, c2=0.9, amax=None, extra_condition=None, maxiter=10):
    fc = [0]
    gc = [0]
    gval = [None]
    gval_alpha = [None]

    def phi(alpha):
        fc[0] += 1
        return f(xk + alpha * pk, *args)

    def derphi(alpha):
        gc[0] += 1
        gval[0] = myfprime(xk + alpha * pk, *args)
        gval_alpha[0] = alpha
        return np.dot(gval[0], pk)

    if gfk is None:
        gfk = myfprime(xk, *args)
    derphi0 = np.dot(gfk, pk)
    if extra_condition is not None:
        def extra_condition2(alpha, phi):
            if gval_alpha[0] != alpha:
                derphi(alpha)
            x = xk + alpha * pk
            return extra_condition(alpha, x, phi, gval[0])
    else:
        extra_condition2 = None
    alpha_star, phi_star, old_fval, derphi_star = scalar_search_wolfe2(
        phi, derphi, old_fval, old_old_fval, derphi0, c1, c2, amax, extra_condition2,
        maxiter=maxiter)
    if derphi_star is not None:
        derphi_star = gval[0]
    return alpha_star, fc[0], gc[0], phi_star, old_fval, derphi_star


line_search = line_search_wolfe2


def _line_search_wolfe12(f, fprime, xk, pk, gfk, old_fval, old_old_fval, **kwargs):
    extra_condition = kwargs.pop('extra_condition', None)
    ret = line_search_wolfe1(f, fprime, xk, pk, gfk, old_fval, old_old_fval, **kwargs)
    if ret[0] is not None and extra_condition is not None:
        xp1 = xk + ret[0] * pk
        if not extra_condition(ret[0], xp1, ret[3], ret[5]):
            ret = (None,)
    if ret[0] is None:
        kwargs2 = {}
        for key in ('c1', 'c2', 'amax'):
            if key in kwargs:
                kwargs2[key] = kwargs[key]
        ret = line_search_wolfe2(f, fprime, xk, pk, gfk, old_fval, old_old_fval,
                                 extra_condition=extra_condition, **kwargs2)
    if ret[0] is None:
        raise _LineSearchError()
    return ret


def _check_unknown_options(unknown_options):
    if unknown_options:
        msg = ", ".join(map(str, unknown_options.keys()))
        warnings.warn("Unknown solver options: %s" % msg, OptimizeWarning, stacklevel=4)


def _print_success_message_or_warn(warnflag, message):
    if not warnflag:
        print(message)
    else:
        warnings.warn(message, OptimizeWarning, stacklevel=3)


def _callback(callback, x, fun):
    if callback is None:
        return False
    try:
        callback(np.copy(x))
    except StopIteration:
        return True
    return False



def _gradient_outcome(warnflag, k, maxiter, gnorm, fval, xk, sf, disp):
    """how a BFGS or CG run ended (SciPy's status and message), printed as SciPy does with disp"""
    if warnflag == 2:
        msg = _status_message['pr_loss']
    elif k >= maxiter:
        warnflag = 1
        msg = _status_message['maxiter']
    elif np.isnan(gnorm) or np.isnan(fval) or np.isnan(xk).any():
        warnflag = 3
        msg = _status_message['nan']
    else:
        msg = _status_message['success']
    if disp:
        _print_success_message_or_warn(warnflag, msg)
        print("         Current function value: %f" % fval)
        print("         Iterations: %d" % k)
        print("         Function evaluations: %d" % sf.nfev)
        print("         Gradient evaluations: %d" % sf.ngev)
    return warnflag, msg

def _minimize_bfgs(fun, x0, args=(), jac=None, callback=None, gtol=1e-5, norm=np.inf,
                   eps=_epsilon, maxiter=None, disp=False, return_all=False,
                   finite_diff_rel_step=None, xrtol=0, c1=1e-4, c2=0.9, hess_inv0=None,
                   **unknown_options):
    _check_unknown_options(unknown_options)
    x0 = np.asarray(x0).flatten()
    if x0.ndim == 0:
        x0 = x0.reshape((1,))
    if maxiter is None:
        maxiter = len(x0) * 200
    sf = _ScalarFunction(fun, x0, args, jac if callable(jac) else None,
                         None if callable(jac) else eps)
    f = sf.fun
    myfprime = sf.grad
    old_fval = f(x0)
    gfk = myfprime(x0)
    k = 0
    N = len(x0)
    I = np.eye(N, dtype=int)
    Hk = I if hess_inv0 is None else hess_inv0
    old_old_fval = old_fval + np.linalg.norm(gfk) / 2
    xk = x0
    allvecs = [x0]
    warnflag = 0
    gnorm = vecnorm(gfk, ord=norm)
    while gnorm > gtol and k < maxiter:
        pk = -np.dot(Hk, gfk)
        try:
            alpha_k, fc, gc, old_fval, old_old_fval, gfkp1 = _line_search_wolfe12(
                f, myfprime, xk, pk, gfk, old_fval, old_old_fval, amin=1e-100, amax=1e100,
                c1=c1, c2=c2)
        except _LineSearchError:
            warnflag = 2
            break
        sk = alpha_k * pk
        xkp1 = xk + sk
        allvecs.append(xkp1)
        xk = xkp1
        if gfkp1 is None:
            gfkp1 = myfprime(xkp1)
        yk = gfkp1 - gfk
        gfk = gfkp1
        k += 1
        if _callback(callback, xk, old_fval):
            break
        gnorm = vecnorm(gfk, ord=norm)
        if gnorm <= gtol:
            break
        if alpha_k * vecnorm(pk) <= xrtol * (xrtol + vecnorm(xk)):
            break
        if not np.isfinite(old_fval):
            warnflag = 2
            break
        rhok_inv = np.dot(yk, sk)
        if rhok_inv == 0.:
            rhok = 1000.0
            if disp:
                _print_success_message_or_warn(True, "Divide-by-zero encountered: rhok assumed large")
        else:
            rhok = 1. / rhok_inv
        A1 = I - sk[:, None] * yk[None, :] * rhok
        A2 = I - yk[:, None] * sk[None, :] * rhok
        Hk = np.dot(A1, np.dot(Hk, A2)) + (rhok * sk[:, None] * sk[None, :])
    fval = old_fval
    warnflag, msg = _gradient_outcome(warnflag, k, maxiter, gnorm, fval, xk, sf, disp)
    result = OptimizeResult(fun=fval, jac=gfk, hess_inv=Hk, nfev=sf.nfev, njev=sf.ngev,
                            status=warnflag, success=(warnflag == 0), message=msg, x=xk, nit=k)
    if return_all:
        result['allvecs'] = allvecs
    return result


def _minimize_cg(fun, x0, args=(), jac=None, callback=None, gtol=1e-5, norm=np.inf,
                 eps=_epsilon, maxiter=None, disp=False, return_all=False,
                 finite_diff_rel_step=None, c1=1e-4, c2=0.4, **unknown_options):
    _check_unknown_options(unknown_options)
    x0 = np.asarray(x0).flatten()
    if maxiter is None:
        maxiter = len(x0) * 200
    sf = _ScalarFunction(fun, x0, args, jac if callable(jac) else None,
                         None if callable(jac) else eps)
    f = sf.fun
    myfprime = sf.grad
    old_fval = f(x0)
    gfk = myfprime(x0)
    k = 0
    xk = x0
    old_old_fval = old_fval + np.linalg.norm(gfk) / 2
    allvecs = [xk]
    warnflag = 0
    pk = -gfk
    gnorm = vecnorm(gfk, ord=norm)
    sigma_3 = 0.01
    while gnorm > gtol and k < maxiter:
        deltak = np.dot(gfk, gfk)
        cached_step = [None]
        cur = (xk, pk, gfk)

        def polak_ribiere_powell_step(alpha, gfkp1=None):
            xk_, pk_, gfk_ = cur
            xkp1 = xk_ + alpha * pk_
            if gfkp1 is None:
                gfkp1 = myfprime(xkp1)
            yk = gfkp1 - gfk_
            beta_k = max(0, np.dot(yk, gfkp1) / deltak)
            pkp1 = -gfkp1 + beta_k * pk_
            return alpha, xkp1, pkp1, gfkp1, vecnorm(gfkp1, ord=norm)

        def descent_condition(alpha, xkp1, fp1, gfkp1):
            cached_step[:] = polak_ribiere_powell_step(alpha, gfkp1)
            alpha, xk_, pk_, gfk_, gnorm_ = cached_step
            if gnorm_ <= gtol:
                return True
            return np.dot(pk_, gfk_) <= -sigma_3 * np.dot(gfk_, gfk_)

        try:
            alpha_k, fc, gc, old_fval, old_old_fval, gfkp1 = _line_search_wolfe12(
                f, myfprime, xk, pk, gfk, old_fval, old_old_fval, c1=c1, c2=c2, amin=1e-100,
                amax=1e100, extra_condition=descent_condition)
        except _LineSearchError:
            warnflag = 2
            break
        if cached_step[0] is not None and alpha_k == cached_step[0]:
            alpha_k, xk, pk, gfk, gnorm = cached_step
        else:
            alpha_k, xk, pk, gfk, gnorm = polak_ribiere_powell_step(alpha_k, gfkp1)
        allvecs.append(xk)
        k += 1
        if _callback(callback, xk, old_fval):
            break
    fval = old_fval
    warnflag, msg = _gradient_outcome(warnflag, k, maxiter, gnorm, fval, xk, sf, disp)
    result = OptimizeResult(fun=fval, jac=gfk, nfev=sf.nfev, njev=sf.ngev, status=warnflag,
                            success=(warnflag == 0), message=msg, x=xk, nit=k)
    if return_all:
        result['allvecs'] = allvecs
    return result


class _MaxFuncCallError(RuntimeError):
    pass


def _minimize_neldermead(func, x0, args=(), callback=None, maxiter=None, maxfev=None,
                         disp=False, return_all=False, initial_simplex=None, xatol=1e-4,
                         fatol=1e-4, adaptive=False, bounds=None, **unknown_options):
    _check_unknown_options(unknown_options)
    maxfun = maxfev
    x0 = np.atleast_1d(x0).flatten()
    x0 = np.asarray(x0, dtype=float)
    if adaptive:
        dim = float(len(x0))
        rho, chi, psi, sigma = 1, 1 + 2 / dim, 0.75 - 1 / (2 * dim), 1 - 1 / dim
    else:
        rho, chi, psi, sigma = 1, 2, 0.5, 0.5
    nonzdelt = 0.05
    zdelt = 0.00025
    lower_bound = upper_bound = None
    if bounds is not None:
        lower_bound, upper_bound = bounds
        if (lower_bound > upper_bound).any():
            raise ValueError("Nelder Mead - one of the lower bounds is greater than an upper "
                             "bound.")
        if np.any(lower_bound > x0) or np.any(x0 > upper_bound):
            warnings.warn("Initial guess is not within the specified bounds", OptimizeWarning,
                          stacklevel=3)
        x0 = np.clip(x0, lower_bound, upper_bound)
    if initial_simplex is None:
        N = len(x0)
        sim = np.empty((N + 1, N), dtype=x0.dtype)
        sim[0] = x0
        for k in range(N):
            y = np.array(x0, copy=True)
            if y[k] != 0:
                y[k] = (1 + nonzdelt) * y[k]
            else:
                y[k] = zdelt
            sim[k + 1] = y
    else:
        sim = np.asarray(np.atleast_2d(initial_simplex), dtype=float).copy()
        if sim.ndim != 2 or sim.shape[0] != sim.shape[1] + 1:
            raise ValueError("`initial_simplex` should be an array of shape (N+1,N)")
        if len(x0) != sim.shape[1]:
            raise ValueError("Size of `initial_simplex` is not consistent with `x0`")
        N = sim.shape[1]
    allvecs = [sim[0]]
    if maxiter is None and maxfun is None:
        maxiter = N * 200
        maxfun = N * 200
    elif maxiter is None:
        maxiter = N * 200 if maxfun == np.inf else np.inf
    elif maxfun is None:
        maxfun = N * 200 if maxiter == np.inf else np.inf
    if bounds is not None:
        msk = sim > upper_bound
        sim = np.where(msk, 2 * upper_bound - sim, sim)
        sim = np.clip(sim, lower_bound, upper_bound)
    one2np1 = list(range(1, N + 1))
    fsim = np.full((N + 1,), np.inf, dtype=float)
    fcalls = [0]

    def f(x):
        if fcalls[0] >= maxfun:
            raise _MaxFuncCallError("Too many function calls")
        fcalls[0] += 1
        return _scalar(func(np.copy(x), *args))

    try:
        for k in range(N + 1):
            fsim[k] = f(sim[k])
    except _MaxFuncCallError:
        pass
    ind = np.argsort(fsim, kind="stable")
    sim = np.take(sim, ind, 0)
    fsim = np.take(fsim, ind, 0)
    iterations = 1
    while fcalls[0] < maxfun and iterations < maxiter:
        try:
            if (np.max(np.ravel(np.abs(sim[1:] - sim[0]))) <= xatol and
                    np.max(np.abs(fsim[0] - fsim[1:])) <= fatol):
                break
            xbar = np.sum(sim[:-1], axis=0) / N
            xr = (1 + rho) * xbar - rho * sim[-1]
            if bounds is not None:
                xr = np.clip(xr, lower_bound, upper_bound)
            fxr = f(xr)
            doshrink = 0
            if fxr < fsim[0]:
                xe = (1 + rho * chi) * xbar - rho * chi * sim[-1]
                if bounds is not None:
                    xe = np.clip(xe, lower_bound, upper_bound)
                fxe = f(xe)
                if fxe < fxr:
                    sim[-1] = xe
                    fsim[-1] = fxe
                else:
                    sim[-1] = xr
                    fsim[-1] = fxr
            elif fxr < fsim[-2]:
                sim[-1] = xr
                fsim[-1] = fxr
            else:
                if fxr < fsim[-1]:
                    xc = (1 + psi * rho) * xbar - psi * rho * sim[-1]
                    if bounds is not None:
                        xc = np.clip(xc, lower_bound, upper_bound)
                    fxc = f(xc)
                    if fxc <= fxr:
                        sim[-1] = xc
                        fsim[-1] = fxc
                    else:
                        doshrink = 1
                else:
                    xcc = (1 - psi) * xbar + psi * sim[-1]
                    if bounds is not None:
                        xcc = np.clip(xcc, lower_bound, upper_bound)
                    fxcc = f(xcc)
                    if fxcc < fsim[-1]:
                        sim[-1] = xcc
                        fsim[-1] = fxcc
                    else:
                        doshrink = 1
                if doshrink:
                    for j in one2np1:
                        sim[j] = sim[0] + sigma * (sim[j] - sim[0])
                        if bounds is not None:
                            sim[j] = np.clip(sim[j], lower_bound, upper_bound)
                        fsim[j] = f(sim[j])
            iterations += 1
        except _MaxFuncCallError:
            pass
        ind = np.argsort(fsim, kind="stable")
        sim = np.take(sim, ind, 0)
        fsim = np.take(fsim, ind, 0)
        allvecs.append(sim[0])
        if _callback(callback, sim[0], fsim[0]):
            break
    x = sim[0]
    fval = np.min(fsim)
    warnflag = 0
    if fcalls[0] >= maxfun:
        warnflag = 1
        msg = _status_message['maxfev']
        if disp:
            warnings.warn(msg, RuntimeWarning, stacklevel=3)
    elif iterations >= maxiter:
        warnflag = 2
        msg = _status_message['maxiter']
        if disp:
            warnings.warn(msg, RuntimeWarning, stacklevel=3)
    else:
        msg = _status_message['success']
        if disp:
            print(msg)
            print("         Current function value: %f" % fval)
            print("         Iterations: %d" % iterations)
            print("         Function evaluations: %d" % fcalls[0])
    result = OptimizeResult(fun=fval, nit=iterations, nfev=fcalls[0], status=warnflag,
                            success=(warnflag == 0), message=msg, x=x, final_simplex=(sim, fsim))
    if return_all:
        result['allvecs'] = allvecs
    return result


class Bounds:
    def __init__(self, lb=-np.inf, ub=np.inf, keep_feasible=False):
        self.lb = lb
        self.ub = ub
        self.keep_feasible = keep_feasible

    def __repr__(self):
        return "Bounds(%r, %r)" % (self.lb, self.ub)


def _prepare_bounds(bounds, n):
    if bounds is None:
        return None
    if isinstance(bounds, Bounds):
        lb = np.broadcast_to(np.asarray(bounds.lb, dtype=float), (n,)).copy()
        ub = np.broadcast_to(np.asarray(bounds.ub, dtype=float), (n,)).copy()
    else:
        if len(bounds) != n:
            raise ValueError("The number of bounds is not compatible with the length of `x0`.")
        lb = np.array([-np.inf if b[0] is None else b[0] for b in bounds], dtype=float)
        ub = np.array([np.inf if b[1] is None else b[1] for b in bounds], dtype=float)
    return lb, ub


MINIMIZE_METHODS = ['nelder-mead', 'powell', 'cg', 'bfgs', 'newton-cg', 'l-bfgs-b', 'tnc',
                    'cobyla', 'cobyqa', 'slsqp', 'trust-constr', 'dogleg', 'trust-ncg',
                    'trust-exact', 'trust-krylov']


def minimize(fun, x0, args=(), method=None, jac=None, hess=None, hessp=None, bounds=None,
             constraints=(), tol=None, callback=None, options=None):
    x0 = np.atleast_1d(np.asarray(x0))
    if x0.ndim != 1:
        raise ValueError("'x0' must only have one dimension.")
    if x0.dtype.kind in "iub":
        x0 = np.asarray(x0, dtype=float)
    if not isinstance(args, tuple):
        args = (args,)
    if method is None:
        method = 'L-BFGS-B' if bounds is not None else 'BFGS'
    if callable(method):
        raise NotImplementedError("a callable method is not supported")
    meth = method.lower()
    if meth not in MINIMIZE_METHODS:
        raise ValueError("Unknown solver %s" % method)
    if meth not in ('bfgs', 'cg', 'nelder-mead', 'l-bfgs-b'):
        raise NotImplementedError("method %r is not implemented in Sable's scipy.optimize "
                                  "(BFGS, CG, Nelder-Mead and L-BFGS-B are)" % method)
    options = {} if options is None else dict(options)
    if meth == 'nelder-mead' and jac is not None:
        warnings.warn('Method %s does not use gradient information (jac).' % method,
                      RuntimeWarning, stacklevel=2)
    if not callable(jac):
        if bool(jac):
            fun = MemoizeJac(fun)
            jac = fun.derivative
        elif jac is None or jac is False:
            jac = None
        elif jac in ('2-point', '3-point', 'cs'):
            jac = None
    if tol is not None:
        if meth == 'nelder-mead':
            options.setdefault('xatol', tol)
            options.setdefault('fatol', tol)
        if meth in ('bfgs', 'cg'):
            options.setdefault('gtol', tol)
        if meth == 'l-bfgs-b':
            options.setdefault('ftol', tol)
            options.setdefault('gtol', tol)
    b = _prepare_bounds(bounds, x0.size)
    if meth == 'nelder-mead':
        return _minimize_neldermead(fun, x0, args, callback, bounds=b, **options)
    if meth == 'bfgs':
        return _minimize_bfgs(fun, x0, args, jac, callback, **options)
    if meth == 'cg':
        return _minimize_cg(fun, x0, args, jac, callback, **options)
    from scipy.optimize._lbfgsb import _minimize_lbfgsb
    return _minimize_lbfgsb(fun, x0, args, jac, b, callback=callback, **options)


def approx_fprime(xk, f, epsilon=_epsilon, *args):
    xk = np.atleast_1d(np.asarray(xk, dtype=float))
    f0 = f(xk, *args)
    g = np.empty(xk.size)
    h = np.broadcast_to(np.asarray(epsilon, dtype=float), xk.shape)
    for i in range(xk.size):
        x1 = np.copy(xk)
        x1[i] = xk[i] + h[i]
        g[i] = (f(x1, *args) - f0) / (x1[i] - xk[i])
    return g


def rosen(x):
    x = np.asarray(x)
    return np.sum(100.0 * (x[1:] - x[:-1] ** 2.0) ** 2.0 + (1 - x[:-1]) ** 2.0, axis=0)


def rosen_der(x):
    x = np.asarray(x)
    xm = x[1:-1]
    xm_m1 = x[:-2]
    xm_p1 = x[2:]
    der = np.zeros_like(x)
    der[1:-1] = (200 * (xm - xm_m1 ** 2) - 400 * (xm_p1 - xm ** 2) * xm - 2 * (1 - xm))
    der[0] = -400 * x[0] * (x[1] - x[0] ** 2) - 2 * (1 - x[0])
    der[-1] = 200 * (x[-1] - x[-2] ** 2)
    return der
