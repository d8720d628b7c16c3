# scipy.optimize._lbfgsb - L-BFGS-B (Byrd, Lu, Nocedal, Zhu 1995; version 3.0's projected
# subspace step) in NumPy: Cauchy point, subspace minimization, dcsrch line search.

import numpy as np
from scipy.optimize import (OptimizeResult, _ScalarFunction, _DCSRCH, _check_unknown_options,
                            _callback, _epsilon)


class LbfgsInvHessProduct:
    # the inverse Hessian approximation as the two-loop recursion over the stored pairs
    def __init__(self, sk, yk):
        self.sk = sk
        self.yk = yk
        self.n_corrs = sk.shape[0]
        self.rho = 1 / np.einsum('ij,ij->i', sk, yk) if self.n_corrs else np.zeros(0)
        n = sk.shape[1]
        self.shape = (n, n)
        self.dtype = np.dtype(np.float64)

    def _matvec(self, x):
        s, y, n_corrs, rho = self.sk, self.yk, self.n_corrs, self.rho
        q = np.array(x, dtype=float, copy=True)
        alpha = np.empty(n_corrs)
        for i in range(n_corrs - 1, -1, -1):
            alpha[i] = rho[i] * np.dot(s[i], q)
            q = q - alpha[i] * y[i]
        r = q
        for i in range(n_corrs):
            beta = rho[i] * np.dot(y[i], r)
            r = r + s[i] * (alpha[i] - beta)
        return r

    def matvec(self, x):
        x = np.asarray(x, dtype=float)
        if x.ndim == 2:
            return np.stack([self._matvec(c) for c in x.T], axis=1)
        return self._matvec(x)

    __call__ = matvec

    def dot(self, x):
        return self.matvec(x)

    def __matmul__(self, x):
        return self.matvec(x)

    def todense(self):
        return self.matvec(np.eye(self.shape[0]))

    def __repr__(self):
        return "<%dx%d LbfgsInvHessProduct with dtype=float64>" % self.shape


def _proj_grad_norm(x, g, l, u):
    pg = np.where(g < 0, np.maximum(x - u, g), np.minimum(x - l, g))
    return np.max(np.abs(pg)) if pg.size else 0.0


def _cauchy(x, g, l, u, W, M, theta):
    n = x.size
    t = np.full(n, np.inf)
    neg = (g < 0) & np.isfinite(u)
    pos = (g > 0) & np.isfinite(l)
    t = np.where(neg, (x - u) / np.where(g != 0, g, 1), t)
    t = np.where(pos, (x - l) / np.where(g != 0, g, 1), t)
    t = np.where((g == 0), np.inf, t)
    d = np.where(t == 0, 0.0, -g)
    xcp = x.copy()
    p = W.T @ d
    c = np.zeros(W.shape[1])
    fp = -np.dot(d, d)
    fpp = -theta * fp - p @ (M @ p)
    if fp >= 0:
        return xcp, c
    dt_min = -fp / fpp if fpp > 0 else np.inf
    t_old = 0.0
    order = [int(i) for i in np.argsort(t, kind="stable") if t[i] > 0 and np.isfinite(t[i])]
    k = 0
    while k < len(order):
        b = order[k]
        tb = t[b]
        dt = tb - t_old
        if dt_min < dt:
            break
        xcp[b] = u[b] if d[b] > 0 else l[b]
        zb = xcp[b] - x[b]
        c = c + dt * p
        gb = g[b]
        wb = W[b]
        fp = fp + dt * fpp + gb * gb + theta * gb * zb - gb * (wb @ (M @ c))
        fpp = fpp - theta * gb * gb - 2.0 * gb * (wb @ (M @ p)) - gb * gb * (wb @ (M @ wb))
        p = p + gb * wb
        d[b] = 0.0
        dt_min = -fp / fpp if fpp > 0 else np.inf
        t_old = tb
        k += 1
        if fp >= 0:
            dt_min = 0.0
            break
    dt_min = max(dt_min, 0.0)
    if not np.isfinite(dt_min):
        dt_min = 0.0
    t_old = t_old + dt_min
    free = np.array([i not in order[:k] for i in range(n)])
    xcp = np.where(free, x + t_old * d, xcp)
    c = c + dt_min * p
    return xcp, c


def _subspace(x, g, l, u, xcp, c, W, M, theta):
    free = (xcp > l) & (xcp < u)
    if not np.any(free) or W.shape[1] == 0:
        if W.shape[1] == 0 and np.any(free):
            d = -(g + theta * (xcp - x))[free] / theta
            xb = xcp.copy()
            xb[free] = xcp[free] + d
            return _project_or_truncate(x, g, l, u, xcp, xb, free, d)
        return xcp
    Z = np.where(free)[0]
    WZ = W[Z]
    r = (g + theta * (xcp - x) - W @ (M @ c))[Z]
    v = M @ (WZ.T @ r)
    Nm = np.eye(M.shape[0]) - (M @ (WZ.T @ WZ)) / theta
    v = np.linalg.solve(Nm, v)
    d = -r / theta - (WZ @ v) / (theta * theta)
    xb = xcp.copy()
    xb[Z] = xcp[Z] + d
    return _project_or_truncate(x, g, l, u, xcp, xb, free, d)


def _project_or_truncate(x, g, l, u, xcp, xb, free, d):
    # version 3.0: project the Newton point onto the box; if that is not a descent direction,
    # step from the Cauchy point only as far as the box allows
    xp = np.clip(xb, l, u)
    if np.dot(xp - x, g) < 0:
        return xp
    alpha = 1.0
    Z = np.where(free)[0]
    xz = xcp[Z]
    for j, i in enumerate(Z):
        if d[j] > 0 and np.isfinite(u[i]):
            alpha = min(alpha, (u[i] - xz[j]) / d[j])
        elif d[j] < 0 and np.isfinite(l[i]):
            alpha = min(alpha, (l[i] - xz[j]) / d[j])
    out = xcp.copy()
    out[Z] = xz + alpha * d
    return out


def _minimize_lbfgsb(fun, x0, args=(), jac=None, bounds=None, maxcor=10, ftol=2.2204460492503131e-09,
                     gtol=1e-5, eps=1e-8, maxfun=15000, maxiter=15000, iprint=-1, callback=None,
                     maxls=20, finite_diff_rel_step=None, disp=None, **unknown_options):
    _check_unknown_options(unknown_options)
    x0 = np.asarray(x0, dtype=float).ravel()
    n = x0.size
    if bounds is None:
        l = np.full(n, -np.inf)
        u = np.full(n, np.inf)
    else:
        l, u = bounds
    if np.any(l > u):
        raise ValueError("LBFGSB - one of the lower bounds is greater than an upper bound.")
    boxed = bool(np.any(np.isfinite(l)) or np.any(np.isfinite(u)))
    x = np.clip(x0, l, u)
    sf = _ScalarFunction(fun, x, args, jac if callable(jac) else None,
                         None if callable(jac) else eps, (l, u) if boxed else None)
    f = sf.fun(x)
    g = sf.grad(x)
    factr = ftol / np.finfo(float).eps
    epsmch = np.finfo(float).eps
    S = []
    Y = []
    total_updates = 0
    theta = 1.0
    nit = 0
    task = ""
    warnflag = 0
    if _proj_grad_norm(x, g, l, u) <= gtol:
        task = "CONVERGENCE: NORM OF PROJECTED GRADIENT <= PGTOL"
    while not task:
        if nit >= maxiter:
            task = "STOP: TOTAL NO. OF ITERATIONS REACHED LIMIT"
            warnflag = 1
            break
        if S:
            Sm = np.array(S).T
            Ym = np.array(Y).T
            W = np.hstack([Ym, theta * Sm])
            SY = Sm.T @ Ym
            D = np.diag(np.diag(SY))
            L = np.tril(SY, -1)
            K = np.vstack([np.hstack([-D, L.T]), np.hstack([L, theta * (Sm.T @ Sm)])])
            M = np.linalg.inv(K)
        else:
            W = np.zeros((n, 0))
            M = np.zeros((0, 0))
        xcp, c = _cauchy(x, g, l, u, W, M, theta)
        xbar = _subspace(x, g, l, u, xcp, c, W, M, theta)
        d = xbar - x
        gd = np.dot(g, d)
        if gd >= 0 or not np.any(d):
            if S:
                S, Y, theta, total_updates = [], [], 1.0, 0
                continue
            task = "ABNORMAL: "
            warnflag = 2
            break
        # largest feasible step along d
        stpmx = 1e10
        if boxed:
            if nit == 0:
                stpmx = 1.0
            else:
                for i in range(n):
                    if d[i] < 0 and np.isfinite(l[i]):
                        stpmx = min(stpmx, (l[i] - x[i]) / d[i]) if l[i] - x[i] < 0 else 0.0
                    elif d[i] > 0 and np.isfinite(u[i]):
                        stpmx = min(stpmx, (u[i] - x[i]) / d[i]) if u[i] - x[i] > 0 else 0.0
        dnorm = np.sqrt(np.dot(d, d))
        stp = min(1.0 / dnorm, stpmx) if (nit == 0 and not boxed) else 1.0
        xk, gk, fk = x, g, f
        vals = {}

        def phi(s):
            xs = np.clip(xk + s * d, l, u)
            vals['x'] = xs
            vals['f'] = sf.fun(xs)
            return vals['f']

        def derphi(s):
            xs = np.clip(xk + s * d, l, u)
            vals['g'] = sf.grad(xs)
            return np.dot(vals['g'], d)

        ls = _DCSRCH(phi, derphi, 1e-3, 0.9, 0.1, 0.0, stpmx)
        res_stp, f_new, _, ltask = ls(stp, phi0=fk, derphi0=gd, maxiter=maxls)
        if res_stp is None or sf.nfev > maxfun:
            if sf.nfev > maxfun:
                task = "STOP: TOTAL NO. OF F,G EVALUATIONS EXCEEDS LIMIT"
                warnflag = 1
                break
            if S:
                S, Y, theta, total_updates = [], [], 1.0, 0
                sf.fun(xk)
                sf.grad(xk)
                continue
            task = "ABNORMAL: "
            warnflag = 2
            break
        x = np.clip(xk + res_stp * d, l, u)
        f = sf.fun(x)
        g = sf.grad(x)
        nit += 1
        if _callback(callback, x, f):
            task = "STOP: CALLBACK"
            break
        if _proj_grad_norm(x, g, l, u) <= gtol:
            task = "CONVERGENCE: NORM OF PROJECTED GRADIENT <= PGTOL"
            break
        if (fk - f) <= epsmch * factr * max(abs(fk), abs(f), 1.0):
            task = "CONVERGENCE: RELATIVE REDUCTION OF F <= FACTR*EPSMCH"
            break
        s = x - xk
        y = g - gk
        sy = np.dot(s, y)
        if sy > epsmch * np.dot(y, y):
            S.append(s)
            Y.append(y)
            total_updates += 1
            if len(S) > maxcor:
                S.pop(0)
                Y.pop(0)
            theta = np.dot(y, y) / sy
    # the pairs in the order of L-BFGS-B's circular work array (slot = update number mod m),
    # which is the order SciPy hands them to LbfgsInvHessProduct
    nup = len(S)
    if nup:
        first = total_updates - nup
        slots = sorted(range(nup), key=lambda i: (first + i) % maxcor)
        sk = np.array([S[i] for i in slots])
        yk = np.array([Y[i] for i in slots])
    else:
        sk = np.zeros((0, n))
        yk = np.zeros((0, n))
    return OptimizeResult(fun=f, jac=g, nfev=sf.nfev, njev=sf.ngev, nit=nit, status=warnflag,
                          message=task, x=x, success=(warnflag == 0),
                          hess_inv=LbfgsInvHessProduct(sk, yk))
