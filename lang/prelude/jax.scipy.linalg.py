# jax.scipy.linalg - SciPy's linear algebra names over jnp.linalg and jax.lax.linalg (lu,
# triangular_solve), so grad/jit/vmap apply; expm is JAX's scaling-and-squaring Pade algorithm.

import jax
import jax.numpy as jnp
from jax import lax
import jax.lax.linalg as _lxl
from sable.transforms import custom_jvp as _custom_jvp


def _inexact(*xs):
    xs = [jnp.asarray(x) for x in xs]
    dt = jnp.result_type(*xs, float)
    return [x.astype(dt) for x in xs]


def _batched(fn, nd, *args):
    # args[0] has nd core dims; vmap over the leading batch dims
    a = args[0]
    if a.ndim <= nd:
        return fn(*args)
    return jax.vmap(lambda *xs: _batched(fn, nd, *xs))(*args)


def _tri(a, b, lower, transpose_a, unit_diagonal):
    if b.ndim == 1:
        return _lxl.triangular_solve(a, b[:, None], left_side=True, lower=lower,
                                     transpose_a=transpose_a,
                                     unit_diagonal=unit_diagonal)[:, 0]
    return _lxl.triangular_solve(a, b, left_side=True, lower=lower, transpose_a=transpose_a,
                                 unit_diagonal=unit_diagonal)


def solve_triangular(a, b, trans=0, lower=False, unit_diagonal=False, overwrite_b=False,
                     debug=None, check_finite=True):
    if trans == 0 or trans == "N":
        t = False
    elif trans in (1, 2, "T", "C"):
        t = True
    else:
        raise ValueError(f"Invalid 'trans' value {trans}")
    a, b = _inexact(a, b)
    return _batched(lambda a, b: _tri(a, b, lower, t, unit_diagonal), 2, a, b)


@_custom_jvp
def _chol_lower(a):
    # LAPACK reads the lower triangle only; the input is not symmetrized (as lax.linalg's
    # cholesky with symmetrize_input=False), so the derivative sees all of da
    sym = jnp.tril(a) + jnp.swapaxes(jnp.tril(a, -1), -1, -2)
    return jnp.linalg.cholesky(sym)


@_chol_lower.defjvp
def _chol_lower_jvp(primals, tangents):
    a, = primals
    da, = tangents
    L = _chol_lower(a)
    n = a.shape[-1]
    tmp = jnp.swapaxes(_tri(L, jnp.swapaxes(da, -1, -2), True, False, False), -1, -2)
    X = _tri(L, tmp, True, False, False)
    phi = jnp.tril(X) / (1 + jnp.eye(n, dtype=X.dtype))
    return L, jnp.matmul(L, phi)


def cholesky(a, lower=False, overwrite_a=False, check_finite=True):
    a, = _inexact(a)
    f = lambda x: _chol_lower(x)
    l = _batched(f, 2, a if lower else jnp.conj(jnp.swapaxes(a, -1, -2)))
    return l if lower else jnp.conj(jnp.swapaxes(l, -1, -2))


def cho_factor(a, lower=False, overwrite_a=False, check_finite=True):
    return (cholesky(a, lower=lower), lower)


def _cho_solve(c, b, lower):
    c, b = _inexact(c, b)

    def one(c, b):
        y = _tri(c, b, lower, not lower, False)
        return _tri(c, y, lower, lower, False)
    return _batched(one, 2, c, b)


def cho_solve(c_and_lower, b, overwrite_b=False, check_finite=True):
    c, lower = c_and_lower
    return _cho_solve(c, b, lower)


def solve(a, b, lower=False, overwrite_a=False, overwrite_b=False, debug=False,
          check_finite=True, assume_a="gen"):
    valid = {"gen", "sym", "her", "pos", "general", "symmetric", "hermitian",
             "positive definite", "diagonal", "tridiagonal", "banded", "upper triangular",
             "lower triangular"}
    if assume_a not in valid:
        raise ValueError(f"Expected assume_a to be one of {sorted(valid)!r}, got {assume_a!r}")
    a, b = _inexact(a, b)
    if assume_a not in ("pos", "positive definite"):
        return jnp.linalg.solve(a, b)
    return _batched(lambda a, b: _pos_solve(a, b, lower), 2, a, b)


def _pos_solve(a, b, lower):
    # solved with a's Cholesky factors; differentiated as the linear solve a x = b (JAX's
    # custom_linear_solve), so the derivative in a is -lambda x^T over the full matrix
    def raw(a, b):
        return _cho_solve(cholesky(a, lower=lower), b, lower)

    @_custom_jvp
    def f(a, b):
        return raw(a, b)

    @f.defjvp
    def f_jvp(primals, tangents):
        a, b = primals
        da, db = tangents
        c = cholesky(a, lower=lower)
        x = _cho_solve(c, b, lower)
        return x, _cho_solve(c, db - jnp.matmul(da, x), lower)

    return f(a, b)


def inv(a, overwrite_a=False, check_finite=True):
    return jnp.linalg.inv(a)


def det(a, overwrite_a=False, check_finite=True):
    return jnp.linalg.det(a)


def svd(a, full_matrices=True, compute_uv=True, overwrite_a=False, check_finite=True,
        lapack_driver="gesdd"):
    a, = _inexact(a)
    return jnp.linalg.svd(a, full_matrices=full_matrices, compute_uv=compute_uv)


def eigh(a, b=None, lower=True, eigvals_only=False, overwrite_a=False, overwrite_b=False,
         type=1, check_finite=True, subset_by_index=None, subset_by_value=None, driver=None):
    if b is not None:
        raise NotImplementedError("Only the b=None case of eigh is implemented")
    if type != 1:
        raise NotImplementedError("Only the type=1 case of eigh is implemented.")
    if subset_by_index is not None or subset_by_value is not None:
        raise NotImplementedError("Only the eigvals=None case of eigh is implemented.")
    a, = _inexact(a)
    # lax.linalg.eigh symmetrizes its input, so both triangles count whatever `lower` says
    a = (a + jnp.conj(jnp.swapaxes(a, -1, -2))) / 2
    w, v = jnp.linalg.eigh(a, UPLO="L" if lower else "U")
    return w if eigvals_only else (w, v)


def qr(a, overwrite_a=False, lwork=None, mode="full", pivoting=False, check_finite=True):
    if pivoting:
        raise NotImplementedError("qr with pivoting=True is not implemented")
    if mode in ("full", "r"):
        m = "complete"
    elif mode == "economic":
        m = "reduced"
    else:
        raise ValueError(f"Unsupported QR decomposition mode '{mode}'")
    a, = _inexact(a)
    q, r = jnp.linalg.qr(a, mode=m)
    if mode == "r":
        return (r,)
    return q, r


def lu_factor(a, overwrite_a=False, check_finite=True):
    a, = _inexact(a)
    lu_, piv, _ = _lxl.lu(a)
    return lu_, piv


def _piv_to_perm(piv, m):
    perm = list(range(m))
    p = [int(v) for v in jnp.asarray(piv).tolist()]
    for i in range(len(p)):
        perm[i], perm[p[i]] = perm[p[i]], perm[i]
    return jnp.array(perm, dtype=jnp.int32)


def lu_solve(lu_and_piv, b, trans=0, overwrite_b=False, check_finite=True):
    lu_, piv = lu_and_piv
    lu_, b = _inexact(lu_, b)
    if lu_.ndim != 2:
        raise NotImplementedError("lu_solve on batched factors is not implemented")
    m = lu_.shape[0]
    perm = _lxl.lu_pivots_to_permutation(piv, m) if hasattr(_lxl, "lu_pivots_to_permutation") \
        else _piv_to_perm(piv, m)
    if trans == 0:
        y = _tri(lu_, b[perm], True, False, True)
        return _tri(lu_, y, False, False, False)
    if trans in (1, 2):
        y = _tri(lu_, b, False, True, False)
        z = _tri(lu_, y, True, True, True)
        inv_perm = jnp.argsort(perm)
        return z[inv_perm]
    raise ValueError("'trans' value must be 0, 1, or 2.")


def lu(a, permute_l=False, overwrite_a=False, check_finite=True):
    a, = _inexact(a)
    m, n = a.shape
    if m == n:
        lu_, _, permutation = _lxl.lu(a)
    else:
        # rectangular: factor the square matrix padded with zero columns (tall) or rows (wide);
        # partial pivoting never prefers a zero entry, so the leading factors are A's own
        s = max(m, n)
        lu_, _, permutation = _lxl.lu(jnp.pad(a, ((0, s - m), (0, s - n))))
        lu_ = lu_[:m, :n]
        permutation = permutation[:m]
    p = (permutation[None, :] == jnp.arange(m, dtype=permutation.dtype)[:, None]).astype(a.dtype)
    k = min(m, n)
    l = jnp.tril(lu_, -1)[:, :k] + jnp.eye(m, k, dtype=a.dtype)
    u = jnp.triu(lu_)[:k, :]
    if permute_l:
        return jnp.matmul(p, l), u
    return p, l, u


def block_diag(*arrs):
    if len(arrs) == 0:
        arrs = (jnp.zeros((1, 0)),)
    arrs = [jnp.asarray(a) for a in arrs]
    dt = jnp.result_type(*arrs)
    for i, a in enumerate(arrs):
        if a.ndim > 2:
            raise ValueError("Arguments to jax.scipy.linalg.block_diag must have at most 2 "
                             "dimensions, got {} at argument {}.".format(a, i))
    arrs = [jnp.atleast_2d(a).astype(dt) for a in arrs]
    total = sum(a.shape[1] for a in arrs)
    rows = []
    col = 0
    for a in arrs:
        c = a.shape[1]
        rows.append(jnp.pad(a, ((0, 0), (col, total - c - col))))
        col += c
    return jnp.concatenate(rows, axis=0)


def _pade3(A):
    b = (120., 60., 12., 1.)
    ident = jnp.eye(*A.shape, dtype=A.dtype)
    A2 = jnp.dot(A, A)
    U = jnp.dot(A, b[3] * A2 + b[1] * ident)
    V = b[2] * A2 + b[0] * ident
    return U, V


def _pade5(A):
    b = (30240., 15120., 3360., 420., 30., 1.)
    ident = jnp.eye(*A.shape, dtype=A.dtype)
    A2 = jnp.dot(A, A)
    A4 = jnp.dot(A2, A2)
    U = jnp.dot(A, b[5] * A4 + b[3] * A2 + b[1] * ident)
    V = b[4] * A4 + b[2] * A2 + b[0] * ident
    return U, V


def _pade7(A):
    b = (17297280., 8648640., 1995840., 277200., 25200., 1512., 56., 1.)
    ident = jnp.eye(*A.shape, dtype=A.dtype)
    A2 = jnp.dot(A, A)
    A4 = jnp.dot(A2, A2)
    A6 = jnp.dot(A4, A2)
    U = jnp.dot(A, b[7] * A6 + b[5] * A4 + b[3] * A2 + b[1] * ident)
    V = b[6] * A6 + b[4] * A4 + b[2] * A2 + b[0] * ident
    return U, V


def _pade9(A):
    b = (17643225600., 8821612800., 2075673600., 302702400., 30270240., 2162160., 110880.,
         3960., 90., 1.)
    ident = jnp.eye(*A.shape, dtype=A.dtype)
    A2 = jnp.dot(A, A)
    A4 = jnp.dot(A2, A2)
    A6 = jnp.dot(A4, A2)
    A8 = jnp.dot(A6, A2)
    U = jnp.dot(A, b[9] * A8 + b[7] * A6 + b[5] * A4 + b[3] * A2 + b[1] * ident)
    V = b[8] * A8 + b[6] * A6 + b[4] * A4 + b[2] * A2 + b[0] * ident
    return U, V


def _pade13(A):
    b = (64764752532480000., 32382376266240000., 7771770303897600., 1187353796428800.,
         129060195264000., 10559470521600., 670442572800., 33522128640., 1323241920.,
         40840800., 960960., 16380., 182., 1.)
    ident = jnp.eye(*A.shape, dtype=A.dtype)
    A2 = jnp.dot(A, A)
    A4 = jnp.dot(A2, A2)
    A6 = jnp.dot(A4, A2)
    U = jnp.dot(A, jnp.dot(A6, b[13] * A6 + b[11] * A4 + b[9] * A2) + b[7] * A6 + b[5] * A4
                + b[3] * A2 + b[1] * ident)
    V = jnp.dot(A6, b[12] * A6 + b[10] * A4 + b[8] * A2) + b[6] * A6 + b[4] * A4 \
        + b[2] * A2 + b[0] * ident
    return U, V


def _calc_P_Q(A):
    A_L1 = jnp.linalg.norm(A, 1)
    if A.dtype == jnp.float64:
        maxnorm = 5.371920351148152
        n_squarings = jnp.maximum(0, jnp.floor(jnp.log2(A_L1 / maxnorm)))
        A = A / 2 ** n_squarings.astype(A.dtype)
        conds = jnp.array([1.495585217958292e-002, 2.539398330063230e-001,
                           9.504178996162932e-001, 2.097847961257068e+000], dtype=A_L1.dtype)
        idx = jnp.sum((conds <= A_L1).astype(jnp.int32))
        U, V = lax.switch(idx, [_pade3, _pade5, _pade7, _pade9, _pade13], A)
    elif A.dtype == jnp.float32:
        maxnorm = 3.925724783138660
        n_squarings = jnp.maximum(0, jnp.floor(jnp.log2(A_L1 / maxnorm)))
        A = A / 2 ** n_squarings.astype(A.dtype)
        conds = jnp.array([4.258730016922831e-001, 1.880152677804762e+000], dtype=A_L1.dtype)
        idx = jnp.sum((conds <= A_L1).astype(jnp.int32))
        U, V = lax.switch(idx, [_pade3, _pade5, _pade7], A)
    else:
        raise TypeError(f"A.dtype={A.dtype} is not supported.")
    return U + V, -U + V, n_squarings


def expm(A, *, upper_triangular=False, max_squarings=16):
    A, = _inexact(A)
    if A.ndim < 2 or A.shape[-1] != A.shape[-2]:
        raise ValueError(f"Expected A to be a (batched) square matrix, got A.shape={A.shape}.")
    if A.ndim > 2:
        return jax.vmap(lambda a: expm(a, upper_triangular=upper_triangular,
                                       max_squarings=max_squarings))(A)
    P, Q, n_squarings = _calc_P_Q(A)

    def _nan(args):
        return jnp.full_like(args[0], jnp.nan)

    def _compute(args):
        _, P, Q = args
        R = solve_triangular(Q, P) if upper_triangular else jnp.linalg.solve(Q, P)

        def step(c, i):
            return lax.cond(i < n_squarings, lambda x: jnp.dot(x, x), lambda x: x, c), None
        R, _ = lax.scan(step, R, jnp.arange(max_squarings, dtype=n_squarings.dtype))
        return R

    return lax.cond(n_squarings > max_squarings, _nan, _compute, (A, P, Q))
