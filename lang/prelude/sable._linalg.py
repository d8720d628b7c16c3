# sable._linalg - the parts of numpy.linalg / jax.numpy.linalg written in Sable: norms,
# pseudo-inverse, rank, least squares. _install(linalg, xp) returns them for either module.

def _install(linalg, xp):
    def norm(x, ord=None, axis=None, keepdims=False):
        x = xp.asarray(x)
        if not xp.issubdtype(x.dtype, xp.floating):
            x = x.astype(xp.result_type(float))
        if axis is None:
            if ord is None:
                r = xp.sqrt(xp.sum(x * x))
                if keepdims:
                    r = xp.reshape(r, (1,) * x.ndim)
                return r
            if x.ndim == 1:
                axis = 0
            elif x.ndim == 2:
                axis = (0, 1)
            else:
                raise ValueError("Improper number of dimensions to norm.")
        if isinstance(axis, (tuple, list)) and len(axis) == 2:
            return _matrix_norm(x, ord, tuple(axis), keepdims)
        if isinstance(axis, (tuple, list)):
            if len(axis) != 1:
                raise ValueError("Improper number of dimensions to norm.")
            axis = axis[0]
        a = xp.abs(x)
        if ord is None or ord == 2:
            return xp.sqrt(xp.sum(x * x, axis=axis, keepdims=keepdims))
        if ord == float("inf"):
            return xp.max(a, axis=axis, keepdims=keepdims)
        if ord == -float("inf"):
            return xp.min(a, axis=axis, keepdims=keepdims)
        if ord == 0:
            return xp.sum((x != 0).astype(x.dtype), axis=axis, keepdims=keepdims)
        if ord == 1:
            return xp.sum(a, axis=axis, keepdims=keepdims)
        if isinstance(ord, str):
            raise ValueError("Invalid norm order '%s' for vectors" % ord)
        return xp.sum(a ** ord, axis=axis, keepdims=keepdims) ** (1.0 / ord)

    def _matrix_norm(x, ord, axis, keepdims):
        r0, c0 = axis
        nd = x.ndim
        if not (-nd <= r0 < nd and -nd <= c0 < nd):
            raise ValueError("axis out of bounds for array of dimension %d" % nd)
        r0 = r0 % nd
        c0 = c0 % nd
        if r0 == c0:
            raise ValueError("Duplicate axes given.")
        if ord is None or ord == "fro":
            res = xp.sqrt(xp.sum(x * x, axis=(r0, c0)))
        elif ord == "nuc":
            res = xp.sum(_svals(x, r0, c0), axis=-1)
        elif ord == 1 or ord == -1:
            s = xp.sum(xp.abs(x), axis=r0)
            c1 = c0 - 1 if c0 > r0 else c0
            res = xp.max(s, axis=c1) if ord == 1 else xp.min(s, axis=c1)
        elif ord == float("inf") or ord == -float("inf"):
            s = xp.sum(xp.abs(x), axis=c0)
            r1 = r0 - 1 if r0 > c0 else r0
            res = xp.max(s, axis=r1) if ord > 0 else xp.min(s, axis=r1)
        elif ord == 2:
            res = xp.max(_svals(x, r0, c0), axis=-1)
        elif ord == -2:
            res = xp.min(_svals(x, r0, c0), axis=-1)
        else:
            raise ValueError("Invalid norm order for matrices.")
        if keepdims:
            shape = list(x.shape)
            shape[r0] = 1
            shape[c0] = 1
            res = xp.reshape(res, tuple(shape))
        return res

    def _svals(x, r0, c0):
        y = xp.moveaxis(x, (r0, c0), (-2, -1))
        return linalg.svd(y, compute_uv=False)

    def pinv(a, rcond=None, hermitian=False, *, rtol=None):
        a = xp.asarray(a)
        if not xp.issubdtype(a.dtype, xp.floating):
            a = a.astype(xp.result_type(float))
        m, n = a.shape[-2], a.shape[-1]
        u, s, vh = linalg.svd(a, full_matrices=False)
        if rtol is None:
            rtol = rcond
        if rtol is None:
            rtol = 10.0 * max(m, n) * xp.finfo(a.dtype).eps
        cutoff = rtol * xp.max(s, axis=-1, keepdims=True)
        sinv = xp.where(s > cutoff, 1.0 / xp.where(s > cutoff, s, 1.0), 0.0)
        return xp.matmul(xp.swapaxes(vh, -1, -2) * sinv[..., None, :], xp.swapaxes(u, -1, -2))

    def matrix_rank(M, rtol=None, hermitian=False, *, tol=None):
        M = xp.asarray(M)
        if M.ndim < 2:
            return xp.asarray(int(xp.any(M != 0)))
        s = linalg.svd(M, compute_uv=False)
        if tol is None:
            if rtol is None:
                rtol = max(M.shape[-2:]) * xp.finfo(s.dtype).eps
            tol = xp.max(s, axis=-1, keepdims=True) * rtol
        return xp.sum(s > tol, axis=-1)

    def eigvalsh(a, UPLO="L"):
        w, v = linalg.eigh(a, UPLO=UPLO)
        return w

    def lstsq(a, b, rcond=None):
        a = xp.asarray(a)
        b = xp.asarray(b)
        x = xp.matmul(pinv(a, rcond), b)
        r = b - xp.matmul(a, x)
        resid = xp.sum(r * r, axis=0)
        return x, resid, matrix_rank(a), linalg.svd(a, compute_uv=False)

    def matrix_power(a, n):
        a = xp.asarray(a)
        if n == 0:
            return xp.broadcast_to(xp.eye(a.shape[-1], dtype=a.dtype), a.shape) * 1
        if n < 0:
            a = linalg.inv(a)
            n = -n
        result = None
        base = a
        while n > 0:
            if n & 1:
                result = base if result is None else xp.matmul(result, base)
            n >>= 1
            if n:
                base = xp.matmul(base, base)
        return result

    def multi_dot(arrays):
        r = arrays[0]
        for b in arrays[1:]:
            r = xp.dot(r, b)
        return r

    def cond(x, p=None):
        s = linalg.svd(x, compute_uv=False)
        return s[..., 0] / s[..., -1]

    # slogdet returns a named tuple (SlogdetResult), in NumPy 2 as in jax.numpy
    import collections as _collections
    SlogdetResult = _collections.namedtuple("SlogdetResult", ["sign", "logabsdet"])
    _slogdet = linalg.slogdet

    def slogdet(a):
        return SlogdetResult(*_slogdet(a))

    return {"norm": norm, "pinv": pinv, "matrix_rank": matrix_rank, "eigvalsh": eigvalsh,
            "lstsq": lstsq, "matrix_power": matrix_power, "multi_dot": multi_dot, "cond": cond,
            "slogdet": slogdet}
