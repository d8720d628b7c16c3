# jax.scipy.optimize - minimize with JAX's BFGS (Nocedal & Wright alg. 6.1) and its strong-Wolfe
# line search (alg. 3.5/3.6), step for step as jax/_src/scipy/optimize, over jnp and lax.while_loop.

from typing import NamedTuple
import jax
import jax.numpy as jnp
from jax import lax


class OptimizeResults(NamedTuple):
    x: object
    success: object
    status: object
    fun: object
    jac: object
    hess_inv: object
    nfev: object
    njev: object
    nit: object


class _BFGSResults(NamedTuple):
    converged: object
    failed: object
    k: object
    nfev: object
    ngev: object
    nhev: object
    x_k: object
    f_k: object
    g_k: object
    H_k: object
    old_old_fval: object
    status: object
    line_search_status: object


class _ZoomState(NamedTuple):
    done: object
    failed: object
    j: object
    a_lo: object
    phi_lo: object
    dphi_lo: object
    a_hi: object
    phi_hi: object
    dphi_hi: object
    a_rec: object
    phi_rec: object
    a_star: object
    phi_star: object
    dphi_star: object
    g_star: object
    nfev: object
    ngev: object


class _LineSearchState(NamedTuple):
    done: object
    failed: object
    i: object
    a_i1: object
    phi_i1: object
    dphi_i1: object
    nfev: object
    ngev: object
    a_star: object
    phi_star: object
    dphi_star: object
    g_star: object


class _LineSearchResults(NamedTuple):
    failed: object
    nit: object
    nfev: object
    ngev: object
    k: object
    a_k: object
    f_k: object
    g_k: object
    status: object


class _LBFGSResults(NamedTuple):
    converged: object
    failed: object
    k: object
    nfev: object
    ngev: object
    x_k: object
    f_k: object
    g_k: object
    s_history: object
    y_history: object
    rho_history: object
    gamma: object
    status: object
    ls_status: object


def _cubicmin(a, fa, fpa, b, fb, c, fc):
    dtype = jnp.result_type(a, fa, fpa, b, fb, c, fc)
    C = fpa
    db = b - a
    dc = c - a
    denom = (db * dc) ** 2 * (db - dc)
    d1 = jnp.array([[dc ** 2, -db ** 2], [-dc ** 3, db ** 3]], dtype=dtype)
    d2 = jnp.array([fb - fa - C * db, fc - fa - C * dc], dtype=dtype)
    A, B = jnp.dot(d1, d2) / denom
    radical = B * B - 3. * A * C
    return a + (-B + jnp.sqrt(radical)) / (3. * A)


def _quadmin(a, fa, fpa, b, fb):
    D = fa
    C = fpa
    db = b - a
    B = (fb - D - C * db) / (db ** 2)
    return a - C / (2. * B)


def _binary_replace(replace_bit, original, new, keys=None):
    if keys is None:
        keys = new.keys()
    return {key: jnp.where(replace_bit, new[key], original[key]) for key in keys}


def _zoom(restricted_func_and_grad, wolfe_one, wolfe_two, a_lo, phi_lo, dphi_lo, a_hi, phi_hi,
          dphi_hi, g_0, pass_through):
    state = _ZoomState(done=False, failed=False, j=0, a_lo=a_lo, phi_lo=phi_lo, dphi_lo=dphi_lo,
                       a_hi=a_hi, phi_hi=phi_hi, dphi_hi=dphi_hi, a_rec=(a_lo + a_hi) / 2.,
                       phi_rec=(phi_lo + phi_hi) / 2., a_star=1., phi_star=phi_lo,
                       dphi_star=dphi_lo, g_star=g_0, nfev=0, ngev=0)
    delta1 = 0.2
    delta2 = 0.1

    def body(state):
        dalpha = state.a_hi - state.a_lo
        a = jnp.minimum(state.a_hi, state.a_lo)
        b = jnp.maximum(state.a_hi, state.a_lo)
        cchk = delta1 * dalpha
        qchk = delta2 * dalpha
        threshold = jnp.where(jnp.finfo(jnp.asarray(dalpha).dtype).bits < 64, 1e-5, 1e-10)
        state = state._replace(failed=state.failed | (dalpha <= threshold))
        a_j_cubic = _cubicmin(state.a_lo, state.phi_lo, state.dphi_lo, state.a_hi, state.phi_hi,
                              state.a_rec, state.phi_rec)
        use_cubic = (state.j > 0) & (a_j_cubic > a + cchk) & (a_j_cubic < b - cchk)
        a_j_quad = _quadmin(state.a_lo, state.phi_lo, state.dphi_lo, state.a_hi, state.phi_hi)
        use_quad = (~use_cubic) & (a_j_quad > a + qchk) & (a_j_quad < b - qchk)
        a_j_bisection = (state.a_lo + state.a_hi) / 2.
        use_bisection = (~use_cubic) & (~use_quad)
        a_j = jnp.where(use_cubic, a_j_cubic, state.a_rec)
        a_j = jnp.where(use_quad, a_j_quad, a_j)
        a_j = jnp.where(use_bisection, a_j_bisection, a_j)

        phi_j, dphi_j, g_j = restricted_func_and_grad(a_j)
        phi_j = phi_j.astype(jnp.asarray(state.phi_lo).dtype)
        dphi_j = dphi_j.astype(jnp.asarray(state.dphi_lo).dtype)
        g_j = g_j.astype(jnp.asarray(state.g_star).dtype)
        state = state._replace(nfev=state.nfev + 1, ngev=state.ngev + 1)

        hi_to_j = wolfe_one(a_j, phi_j) | (phi_j >= state.phi_lo)
        star_to_j = wolfe_two(dphi_j) & (~hi_to_j)
        hi_to_lo = (dphi_j * (state.a_hi - state.a_lo) >= 0.) & (~hi_to_j) & (~star_to_j)
        lo_to_j = (~hi_to_j) & (~star_to_j)

        state = state._replace(**_binary_replace(hi_to_j, state._asdict(), dict(
            a_hi=a_j, phi_hi=phi_j, dphi_hi=dphi_j, a_rec=state.a_hi, phi_rec=state.phi_hi)))
        state = state._replace(done=star_to_j | state.done, **_binary_replace(
            star_to_j, state._asdict(), dict(a_star=a_j, phi_star=phi_j, dphi_star=dphi_j,
                                             g_star=g_j)))
        state = state._replace(**_binary_replace(hi_to_lo, state._asdict(), dict(
            a_hi=state.a_lo, phi_hi=state.phi_lo, dphi_hi=state.dphi_lo, a_rec=state.a_hi,
            phi_rec=state.phi_hi)))
        state = state._replace(**_binary_replace(lo_to_j & ~hi_to_lo, state._asdict(), dict(
            a_rec=state.a_lo, phi_rec=state.phi_lo)))
        state = state._replace(**_binary_replace(lo_to_j, state._asdict(), dict(
            a_lo=a_j, phi_lo=phi_j, dphi_lo=dphi_j)))
        state = state._replace(j=state.j + 1)
        state = state._replace(failed=state.failed | (state.j >= 30))
        return state

    return lax.while_loop(lambda s: (~s.done) & (~pass_through) & (~s.failed), body, state)


def _line_search(f, xk, pk, old_fval=None, old_old_fval=None, gfk=None, c1=1e-4, c2=0.9,
                maxiter=20):
    xk = jnp.asarray(xk)
    pk = jnp.asarray(pk)
    dt = jnp.result_type(xk, pk, float)
    xk = xk.astype(dt)
    pk = pk.astype(dt)

    def restricted_func_and_grad(t):
        t = jnp.array(t, dtype=pk.dtype)
        phi, g = jax.value_and_grad(f)(xk + t * pk)
        dphi = jnp.real(jnp.dot(g, pk))
        return phi, dphi, g

    if old_fval is None or gfk is None:
        phi_0, dphi_0, gfk = restricted_func_and_grad(0)
    else:
        phi_0 = old_fval
        dphi_0 = jnp.real(jnp.dot(gfk, pk))
    if old_old_fval is not None:
        candidate_start_value = 1.01 * 2 * (phi_0 - old_old_fval) / dphi_0
        start_value = jnp.where(candidate_start_value > 1, 1.0, candidate_start_value)
    else:
        start_value = 1

    def wolfe_one(a_i, phi_i):
        return phi_i > phi_0 + c1 * a_i * dphi_0

    def wolfe_two(dphi_i):
        return jnp.abs(dphi_i) <= -c2 * dphi_0

    fresh = 1 if (old_fval is None or gfk is None) else 0
    state = _LineSearchState(done=jnp.array(False, dtype=bool),
                             failed=jnp.array(False, dtype=bool), i=1, a_i1=0., phi_i1=phi_0,
                             dphi_i1=dphi_0, nfev=fresh, ngev=fresh, a_star=0., phi_star=phi_0,
                             dphi_star=dphi_0, g_star=gfk)

    def body(state):
        a_i = jnp.where(state.i == 1, start_value, state.a_i1 * 2.)
        phi_i, dphi_i, g_i = restricted_func_and_grad(a_i)
        state = state._replace(nfev=state.nfev + 1, ngev=state.ngev + 1)
        star_to_zoom1 = wolfe_one(a_i, phi_i) | ((phi_i >= state.phi_i1) & (state.i > 1))
        star_to_i = wolfe_two(dphi_i) & (~star_to_zoom1)
        star_to_zoom2 = (dphi_i >= 0.) & (~star_to_zoom1) & (~star_to_i)
        zoom1 = _zoom(restricted_func_and_grad, wolfe_one, wolfe_two, state.a_i1, state.phi_i1,
                      state.dphi_i1, a_i, phi_i, dphi_i, gfk, ~star_to_zoom1)
        state = state._replace(nfev=state.nfev + zoom1.nfev, ngev=state.ngev + zoom1.ngev)
        zoom2 = _zoom(restricted_func_and_grad, wolfe_one, wolfe_two, a_i, phi_i, dphi_i,
                      state.a_i1, state.phi_i1, state.dphi_i1, gfk, ~star_to_zoom2)
        state = state._replace(nfev=state.nfev + zoom2.nfev, ngev=state.ngev + zoom2.ngev)
        keys = ['a_star', 'phi_star', 'dphi_star', 'g_star']
        state = state._replace(done=star_to_zoom1 | state.done,
                               failed=(star_to_zoom1 & zoom1.failed) | state.failed,
                               **_binary_replace(star_to_zoom1, state._asdict(),
                                                 zoom1._asdict(), keys=keys))
        state = state._replace(done=star_to_i | state.done, **_binary_replace(
            star_to_i, state._asdict(), dict(a_star=a_i, phi_star=phi_i, dphi_star=dphi_i,
                                             g_star=g_i)))
        state = state._replace(done=star_to_zoom2 | state.done,
                               failed=(star_to_zoom2 & zoom2.failed) | state.failed,
                               **_binary_replace(star_to_zoom2, state._asdict(),
                                                 zoom2._asdict(), keys=keys))
        return state._replace(i=state.i + 1, a_i1=a_i, phi_i1=phi_i, dphi_i1=dphi_i)

    state = lax.while_loop(lambda s: (~s.done) & (s.i <= maxiter) & (~s.failed), body, state)
    status = jnp.where(state.failed, jnp.array(1),
                       jnp.where(state.i > maxiter, jnp.array(3), jnp.array(0)))
    alpha_k = jnp.asarray(state.a_star)
    alpha_k = jnp.where((jnp.finfo(alpha_k.dtype).bits != 64) & (jnp.abs(alpha_k) < 1e-8),
                        jnp.sign(alpha_k) * 1e-8, alpha_k)
    return _LineSearchResults(failed=state.failed | (~state.done), nit=state.i - 1,
                              nfev=state.nfev, ngev=state.ngev, k=state.i, a_k=alpha_k,
                              f_k=state.phi_star, g_k=state.g_star, status=status)


def _norm(g, ord):
    return jnp.linalg.norm(g, ord=ord)


def minimize_bfgs(fun, x0, maxiter=None, norm=float("inf"), gtol=1e-5, line_search_maxiter=10):
    if maxiter is None:
        maxiter = jnp.size(x0) * 200
    d = x0.shape[0]
    initial_H = jnp.eye(d, dtype=x0.dtype)
    f_0, g_0 = jax.value_and_grad(fun)(x0)
    state = _BFGSResults(converged=_norm(g_0, norm) < gtol, failed=False, k=0, nfev=1, ngev=1,
                         nhev=0, x_k=x0, f_k=f_0, g_k=g_0, H_k=initial_H,
                         old_old_fval=f_0 + jnp.linalg.norm(g_0) / 2, status=0,
                         line_search_status=0)

    def cond_fun(state):
        return jnp.logical_not(state.converged) & jnp.logical_not(state.failed) & \
            (state.k < maxiter)

    def body_fun(state):
        p_k = -jnp.dot(state.H_k, state.g_k)
        ls = _line_search(fun, state.x_k, p_k, old_fval=state.f_k,
                         old_old_fval=state.old_old_fval, gfk=state.g_k,
                         maxiter=line_search_maxiter)
        state = state._replace(nfev=state.nfev + ls.nfev, ngev=state.ngev + ls.ngev,
                               failed=ls.failed, line_search_status=ls.status)
        s_k = ls.a_k * p_k
        x_kp1 = state.x_k + s_k
        f_kp1 = ls.f_k
        g_kp1 = ls.g_k
        y_k = g_kp1 - state.g_k
        rho_k = jnp.reciprocal(jnp.dot(y_k, s_k))
        sy_k = s_k[:, None] * y_k[None, :]
        w = jnp.eye(d, dtype=rho_k.dtype) - rho_k * sy_k
        H_kp1 = jnp.einsum('ij,jk,lk', w, state.H_k, w) + rho_k * s_k[:, None] * s_k[None, :]
        H_kp1 = jnp.where(jnp.isfinite(rho_k), H_kp1, state.H_k)
        converged = _norm(g_kp1, norm) < gtol
        return state._replace(converged=converged, k=state.k + 1, x_k=x_kp1, f_k=f_kp1,
                              g_k=g_kp1, H_k=H_kp1, old_old_fval=state.f_k)

    state = lax.while_loop(cond_fun, body_fun, state)
    status = jnp.where(state.converged, 0, jnp.where(
        state.k == maxiter, 1, jnp.where(state.failed, 2 + state.line_search_status, -1)))
    return state._replace(status=status)


def minimize(fun, x0, args=(), *, method, tol=None, options=None):
    if options is None:
        options = {}
    if not isinstance(args, tuple):
        raise TypeError("args argument to jax.scipy.optimize.minimize must be a tuple, got {}"
                        .format(args))

    def fun_with_args(x):
        return fun(x, *args)

    if method.lower() == 'bfgs':
        r = minimize_bfgs(fun_with_args, x0, **options)
        return OptimizeResults(x=r.x_k, success=r.converged & jnp.logical_not(r.failed),
                               status=r.status, fun=r.f_k, jac=r.g_k, hess_inv=r.H_k,
                               nfev=r.nfev, njev=r.ngev, nit=r.k)
    if method.lower() == 'l-bfgs-experimental-do-not-rely-on-this':
        r = _minimize_lbfgs(fun_with_args, x0, **options)
        return OptimizeResults(x=r.x_k, success=r.converged & jnp.logical_not(r.failed),
                               status=r.status, fun=r.f_k, jac=r.g_k, hess_inv=None,
                               nfev=r.nfev, njev=r.ngev, nit=r.k)
    raise ValueError(f"Method {method} not recognized")


def _minimize_lbfgs(fun, x0, maxiter=None, norm=float("inf"), maxcor=10,
                    ftol=2.220446049250313e-09, gtol=1e-05, maxfun=None, maxgrad=None, maxls=20):
    d = len(x0)
    dtype = jnp.asarray(x0).dtype
    if maxiter is None and maxfun is None and maxgrad is None:
        maxiter = d * 200
    inf = float("inf")
    maxiter = inf if maxiter is None else maxiter
    maxfun = inf if maxfun is None else maxfun
    maxgrad = inf if maxgrad is None else maxgrad
    f_0, g_0 = jax.value_and_grad(fun)(x0)
    state0 = _LBFGSResults(converged=jnp.array(False, dtype=bool),
                           failed=jnp.array(False, dtype=bool), k=0, nfev=1, ngev=1, x_k=x0,
                           f_k=f_0, g_k=g_0, s_history=jnp.zeros((maxcor, d), dtype=dtype),
                           y_history=jnp.zeros((maxcor, d), dtype=dtype),
                           rho_history=jnp.zeros((maxcor,), dtype=dtype), gamma=1., status=0,
                           ls_status=0)

    def body_fun(state):
        p_k = _two_loop_recursion(state)
        ls = _line_search(f=fun, xk=state.x_k, pk=p_k, old_fval=state.f_k, gfk=state.g_k,
                         maxiter=maxls)
        s_k = jnp.asarray(ls.a_k).astype(p_k.dtype) * p_k
        x_kp1 = state.x_k + s_k
        f_kp1 = ls.f_k
        g_kp1 = ls.g_k
        y_k = g_kp1 - state.g_k
        rho_k_inv = jnp.real(jnp.dot(y_k, s_k))
        rho_k = jnp.reciprocal(rho_k_inv).astype(y_k.dtype)
        gamma = rho_k_inv / jnp.real(jnp.dot(jnp.conj(y_k), y_k))
        status = jnp.array(0)
        status = jnp.where(state.f_k - f_kp1 < ftol, 4, status)
        status = jnp.where(state.ngev >= maxgrad, 3, status)
        status = jnp.where(state.nfev >= maxfun, 2, status)
        status = jnp.where(state.k >= maxiter, 1, status)
        status = jnp.where(ls.failed, 5, status)
        converged = _norm(g_kp1, norm) < gtol
        return state._replace(
            converged=converged, failed=(status > 0) & (~converged), k=state.k + 1,
            nfev=state.nfev + ls.nfev, ngev=state.ngev + ls.ngev,
            x_k=x_kp1.astype(state.x_k.dtype), f_k=f_kp1.astype(state.f_k.dtype),
            g_k=g_kp1.astype(state.g_k.dtype),
            s_history=jnp.roll(state.s_history, -1, axis=0).at[-1, :].set(s_k),
            y_history=jnp.roll(state.y_history, -1, axis=0).at[-1, :].set(y_k),
            rho_history=jnp.roll(state.rho_history, -1, axis=0).at[-1].set(rho_k),
            gamma=gamma.astype(state.g_k.dtype), status=jnp.where(converged, 0, status),
            ls_status=ls.status)

    return lax.while_loop(lambda s: (~s.converged) & (~s.failed), body_fun, state0)


def _two_loop_recursion(state):
    dtype = state.rho_history.dtype
    his_size = len(state.rho_history)
    curr_size = jnp.where(state.k < his_size, state.k, his_size)
    q = -jnp.conj(state.g_k)
    a_his = jnp.zeros_like(state.rho_history)

    def body_fun1(j, carry):
        i = his_size - 1 - j
        _q, _a_his = carry
        a_i = state.rho_history[i] * jnp.dot(jnp.conj(state.s_history[i]), _q).real.astype(dtype)
        _a_his = _a_his.at[i].set(a_i)
        _q = _q - a_i * jnp.conj(state.y_history[i])
        return _q, _a_his

    q, a_his = lax.fori_loop(0, curr_size, body_fun1, (q, a_his))
    q = state.gamma * q

    def body_fun2(j, _q):
        i = his_size - curr_size + j
        b_i = state.rho_history[i] * jnp.dot(state.y_history[i], _q).real.astype(dtype)
        return _q + (a_his[i] - b_i) * state.s_history[i]

    return lax.fori_loop(0, curr_size, body_fun2, q)
