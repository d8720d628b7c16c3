# scipy.linalg - SciPy's linear algebra basics over NumPy float64: np.linalg's factorizations,
# LU with LAPACK's partial pivoting, triangular and Cholesky solves, expm (Pade 13, squaring).

import numpy as np


class LinAlgError(np.linalg.LinAlgError):
    pass


def _a(x, name="a"):
    x = np.asarray(x)
    if x.dtype.kind in "iub":
        x = x.astype(float)
    return x


def _square(a):
    if a.ndim != 2 or a.shape[0] != a.shape[1]:
        raise ValueError("expected square matrix")


def inv(a, overwrite_a=False, check_finite=True):
    a = _a(a)
    _square(a)
    return np.linalg.inv(a)


def det(a, overwrite_a=False, check_finite=True):
    a = _a(a)
    if a.ndim < 2 or a.shape[-1] != a.shape[-2]:
        raise ValueError("The input array must be at least two-dimensional and square.")
    r = np.linalg.det(a)
    return np.float64(r) if np.ndim(r) == 0 else r


def _tri_solve(a, b, lower, trans, unit):
    # forward/back substitution, columns of b at once
    n = a.shape[0]
    t = a.T if trans else a
    low = lower != bool(trans)
    x = np.array(b, dtype=float, copy=True)
    vec = x.ndim == 1
    if vec:
        x = x[:, None]
    rng = range(n) if low else range(n - 1, -1, -1)
    for i in rng:
        if low:
            s = x[i] - np.dot(t[i, :i], x[:i])
        else:
            s = x[i] - np.dot(t[i, i + 1:], x[i + 1:])
        if not unit:
            if t[i, i] == 0:
                raise LinAlgError("singular matrix: resolution failed at diagonal %d" % i)
            s = s / t[i, i]
        x[i] = s
    return x[:, 0] if vec else x


def solve_triangular(a, b, trans=0, lower=False, unit_diagonal=False, overwrite_b=False,
                     check_finite=True):
    a = _a(a)
    b = _a(b)
    _square(a)
    if a.shape[0] != b.shape[0]:
        raise ValueError("shapes of a %s and b %s are incompatible" % (a.shape, b.shape))
    tr = {0: 0, 1: 1, 2: 1, "N": 0, "T": 1, "C": 1}.get(trans)
    if tr is None:
        raise ValueError("Invalid 'trans' value %r" % (trans,))
    return _tri_solve(a, b, lower, tr, unit_diagonal)


def cholesky(a, lower=False, overwrite_a=False, check_finite=True):
    a = _a(a)
    _square(a)
    l = np.linalg.cholesky(a)
    return l if lower else l.T.copy()


def cho_factor(a, lower=False, overwrite_a=False, check_finite=True):
    # SciPy leaves the other triangle as it was in a; here it is a's too
    a = _a(a)
    c = cholesky(a, lower=lower)
    out = np.array(a, dtype=float, copy=True)
    mask = np.tril(np.ones(a.shape, dtype=bool)) if lower else np.triu(np.ones(a.shape, dtype=bool))
    out[mask] = c[mask]
    return out, lower


def cho_solve(c_and_lower, b, overwrite_b=False, check_finite=True):
    c, lower = c_and_lower
    c = _a(c)
    b = _a(b)
    if lower:
        l = np.tril(c)
        return _tri_solve(l, _tri_solve(l, b, True, 0, False), True, 1, False)
    u = np.triu(c)
    return _tri_solve(u, _tri_solve(u, b, False, 1, False), False, 0, False)


def lu_factor(a, overwrite_a=False, check_finite=True):
    # LAPACK getrf: partial pivoting on the largest |entry| (first one on ties)
    a = np.array(_a(a), dtype=float, copy=True)
    m, n = a.shape
    k = min(m, n)
    piv = np.zeros(k, dtype=np.int32)
    for j in range(k):
        p = j + int(np.argmax(np.abs(a[j:, j])))
        piv[j] = p
        if p != j:
            a[[j, p]] = a[[p, j]]
        if a[j, j] != 0:
            a[j + 1:, j] = a[j + 1:, j] / a[j, j]
        a[j + 1:, j + 1:] -= np.outer(a[j + 1:, j], a[j, j + 1:])
    return a, piv


def lu_solve(lu_and_piv, b, trans=0, overwrite_b=False, check_finite=True):
    lu_, piv = lu_and_piv
    b = np.array(_a(b), dtype=float, copy=True)
    n = lu_.shape[0]
    perm = list(range(n))
    for i, p in enumerate(piv):
        perm[i], perm[p] = perm[p], perm[i]
    perm = np.array(perm)
    if trans == 0:
        y = _tri_solve(lu_, b[perm], True, 0, True)
        return _tri_solve(lu_, y, False, 0, False)
    if trans in (1, 2):
        y = _tri_solve(lu_, b, False, 1, False)
        z = _tri_solve(lu_, y, True, 1, True)
        out = np.empty_like(z)
        out[perm] = z
        return out
    raise ValueError("trans must be 0, 1 or 2")


def lu(a, permute_l=False, overwrite_a=False, check_finite=True, p_indices=False):
    a = _a(a)
    m, n = a.shape
    lu_, piv = lu_factor(a)
    k = min(m, n)
    perm = list(range(m))
    for i, p in enumerate(piv):
        perm[i], perm[p] = perm[p], perm[i]
    perm = np.array(perm)
    l = np.tril(lu_, -1)[:, :k] + np.eye(m, k)
    u = np.triu(lu_)[:k, :]
    if permute_l:
        out = np.empty_like(l)
        out[perm] = l
        return out, u
    if p_indices:
        inv = np.empty(m, dtype=int)
        inv[perm] = np.arange(m)
        return np.argsort(perm), l, u
    P = np.zeros((m, m))
    P[perm, np.arange(m)] = 1.0
    return P, l, u


def solve(a, b, lower=False, overwrite_a=False, overwrite_b=False, check_finite=True,
          assume_a=None, transposed=False):
    a = _a(a)
    b = _a(b)
    _square(a)
    if a.shape[0] != b.shape[0]:
        raise ValueError("Input b has to have same number of rows as input a")
    kind = assume_a or "gen"
    if transposed:
        a = a.T
    if kind in ("pos", "positive definite"):
        return cho_solve(cho_factor(a, lower=lower), b)
    if kind in ("sym", "her", "symmetric", "hermitian"):
        a = np.tril(a) + np.tril(a, -1).T if lower else np.triu(a) + np.triu(a, 1).T
    elif kind in ("diagonal",):
        d = np.diag(a)
        return b / (d if b.ndim == 1 else d[:, None])
    elif kind in ("upper triangular", "lower triangular"):
        return _tri_solve(a, b, kind.startswith("lower"), 0, False)
    elif kind not in ("gen", "general", "tridiagonal", "banded"):
        raise ValueError("%r is not a recognized matrix structure" % (assume_a,))
    lu_, piv = lu_factor(a)
    if np.any(np.diag(lu_) == 0):
        raise LinAlgError("A singular matrix detected: slice(s) [0] are singular.")
    return lu_solve((lu_, piv), b)


def qr(a, overwrite_a=False, lwork=None, mode="full", pivoting=False, check_finite=True):
    if pivoting:
        raise NotImplementedError("qr(pivoting=True) is not implemented")
    a = _a(a)
    if mode not in ("full", "r", "economic", "raw"):
        raise ValueError("Mode argument should be one of ['full', 'r', 'economic', 'raw']")
    if mode == "raw":
        raise NotImplementedError("qr(mode='raw') is not implemented")
    q, r = np.linalg.qr(a, mode="complete" if mode in ("full", "r") else "reduced")
    if mode == "r":
        return (r,)
    return q, r


def svd(a, full_matrices=True, compute_uv=True, overwrite_a=False, check_finite=True,
        lapack_driver="gesdd"):
    return np.linalg.svd(_a(a), full_matrices=full_matrices, compute_uv=compute_uv)


def svdvals(a, overwrite_a=False, check_finite=True):
    return np.linalg.svd(_a(a), compute_uv=False)


def eigh(a, b=None, lower=True, eigvals_only=False, overwrite_a=False, overwrite_b=False,
         type=1, check_finite=True, subset_by_index=None, subset_by_value=None, driver=None):
    if b is not None:
        raise NotImplementedError("the generalized problem (b) is not implemented")
    a = _a(a)
    w, v = np.linalg.eigh(a, UPLO="L" if lower else "U")
    if subset_by_index is not None:
        lo, hi = subset_by_index
        w, v = w[lo:hi + 1], v[:, lo:hi + 1]
    return w if eigvals_only else (w, v)


def eigvalsh(a, b=None, lower=True, **kw):
    return eigh(a, b, lower, eigvals_only=True)


def norm(a, ord=None, axis=None, keepdims=False, check_finite=True):
    return np.linalg.norm(a, ord=ord, axis=axis, keepdims=keepdims)


def pinv(a, atol=None, rtol=None, return_rank=False, check_finite=True):
    return np.linalg.pinv(a)


_B13 = (64764752532480000., 32382376266240000., 7771770303897600., 1187353796428800.,
        129060195264000., 10559470521600., 670442572800., 33522128640., 1323241920.,
        40840800., 960960., 16380., 182., 1.)


def _pade(A, m):
    b = {3: (120., 60., 12., 1.), 5: (30240., 15120., 3360., 420., 30., 1.),
         7: (17297280., 8648640., 1995840., 277200., 25200., 1512., 56., 1.),
         9: (17643225600., 8821612800., 2075673600., 302702400., 30270240., 2162160.,
             110880., 3960., 90., 1.)}
    I = np.eye(A.shape[0])
    if m == 13:
        b = _B13
        A2 = A @ A
        A4 = A2 @ A2
        A6 = A4 @ A2
        U = A @ (A6 @ (b[13] * A6 + b[11] * A4 + b[9] * A2) + b[7] * A6 + b[5] * A4 +
                 b[3] * A2 + b[1] * I)
        V = A6 @ (b[12] * A6 + b[10] * A4 + b[8] * A2) + b[6] * A6 + b[4] * A4 + b[2] * A2 + \
            b[0] * I
        return U, V
    c = b[m]
    A2 = A @ A
    P = I
    U = c[1] * I
    V = c[0] * I
    for k in range(1, (m + 1) // 2):
        P = P @ A2
        U = U + c[2 * k + 1] * P
        V = V + c[2 * k] * P
    return A @ U, V


def expm(A):
    # Higham's scaling and squaring (2005): the Pade degree from the 1-norm, then 13 with s
    # squarings; agrees with SciPy's Al-Mohy-Higham expm to rounding
    A = _a(A)
    if A.ndim < 2 or A.shape[-1] != A.shape[-2]:
        raise ValueError("expected a square matrix")
    if A.ndim > 2:
        return np.stack([expm(a) for a in A])
    if A.shape == (1, 1):
        return np.exp(A)
    n1 = np.max(np.sum(np.abs(A), axis=0)) if A.size else 0.0
    for m, th in ((3, 1.495585217958292e-2), (5, 2.539398330063230e-1),
                  (7, 9.504178996162932e-1), (9, 2.097847961257068e0)):
        if n1 <= th:
            U, V = _pade(A, m)
            return np.linalg.solve(V - U, V + U)
    s = max(0, int(np.ceil(np.log2(n1 / 5.371920351148152))))
    U, V = _pade(A / 2.0 ** s, 13)
    R = np.linalg.solve(V - U, V + U)
    for _ in range(s):
        R = R @ R
    return R


def block_diag(*arrs):
    if arrs == ():
        arrs = ([],)
    arrs = [np.atleast_2d(a) for a in arrs]
    bad = [k for k in range(len(arrs)) if arrs[k].ndim > 2]
    if bad:
        raise ValueError("arguments in the following positions have dimension greater than 2: "
                         "%s" % bad)
    shapes = np.array([a.shape for a in arrs])
    dt = np.result_type(*[a.dtype for a in arrs])
    out = np.zeros(tuple(int(v) for v in np.sum(shapes, axis=0)), dtype=dt)
    r, c = 0, 0
    for i, (rr, cc) in enumerate(shapes):
        out[r:r + rr, c:c + cc] = arrs[i]
        r += rr
        c += cc
    return out
