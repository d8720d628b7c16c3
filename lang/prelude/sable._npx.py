# sable._npx - the numpy / jax.numpy functions that are compositions of others, written in
# Sable so that jit/grad/vmap apply to them. _install(xp) builds them for one module (numpy or
# jax.numpy) and returns {name: function}; the C module adds them to itself.

import math


def _install(xp):
    _NP = xp.__name__ == "numpy"

    def _float_dtype(dt):
        if xp.issubdtype(dt, xp.floating):
            return dt
        return xp.result_type(float)

    def _axes(axis, ndim):
        if axis is None:
            return tuple(range(ndim))
        if isinstance(axis, (tuple, list)):
            return tuple(a % ndim if ndim else a for a in axis)
        return (axis % ndim if ndim else axis,)

    def _norm_axis(axis, ndim):
        if axis < -ndim or axis >= ndim:
            raise ValueError("axis %d is out of bounds for array of dimension %d" % (axis, ndim))
        return axis % ndim

    def _count(shape, axis):
        n = 1
        for a in _axes(axis, len(shape)):
            n *= shape[a]
        return n

    def _div_count(s, n):
        # jax.numpy's mean/var are jit-compiled, and XLA turns the division by the constant
        # count into a multiplication by its reciprocal: do the same to print the same digits
        if _NP or n == 0:
            return s / n
        return s * xp.asarray(1.0 / n, dtype=s.dtype)

    def _up16(dt):
        # float16 / bfloat16 statistics accumulate in float32 and round once (JAX and NumPy)
        if xp.issubdtype(dt, xp.floating) and xp.dtype(dt).itemsize == 2:
            return xp.float32
        return dt

    def _index_dtype():
        return xp.int64 if _NP else xp.result_type(int)

    # ---- statistics -------------------------------------------------------------------
    def mean(a, axis=None, dtype=None, out=None, keepdims=False, *, where=None):
        a = xp.asarray(a)
        dt = dtype if dtype is not None else _float_dtype(a.dtype)
        if where is None:
            cdt = _up16(dt) if dtype is None else dt
            s = xp.sum(a, axis=axis, dtype=cdt, keepdims=keepdims)
            r = _div_count(s, _count(a.shape, axis))
            return r if cdt is dt else r.astype(dt)
        w = xp.broadcast_to(xp.asarray(where), a.shape)
        s = xp.sum(a, axis=axis, dtype=dt, keepdims=keepdims, where=w)
        n = xp.sum(w, axis=axis, keepdims=keepdims).astype(s.dtype)
        return s / n

    def var(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=None,
            mean=None, correction=None):
        a = xp.asarray(a)
        if correction is not None:
            ddof = correction
        dt = dtype if dtype is not None else _float_dtype(a.dtype)
        if not _NP and where is None and mean is None and _up16(dt) is not dt:
            return var(a.astype(xp.float32), axis=axis, ddof=ddof, keepdims=keepdims).astype(dt)
        a = a.astype(dt)
        if mean is None:
            m = _mean(a, axis=axis, keepdims=True, where=where)
        else:
            m = mean
        d = a - m
        s = xp.sum(d * d, axis=axis, keepdims=keepdims, where=where)
        if where is None:
            return _div_count(s, max(_count(a.shape, axis) - ddof, 0))
        w = xp.broadcast_to(xp.asarray(where), a.shape)
        n = xp.sum(w, axis=axis, keepdims=keepdims).astype(s.dtype) - ddof
        return s / xp.maximum(n, 0)

    _mean = mean

    def std(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=None,
            mean=None, correction=None):
        return xp.sqrt(var(a, axis=axis, dtype=dtype, ddof=ddof, keepdims=keepdims, where=where,
                           mean=mean, correction=correction))

    def average(a, axis=None, weights=None, returned=False, *, keepdims=False):
        a = xp.asarray(a)
        if weights is None:
            avg = _mean(a, axis=axis, keepdims=keepdims)
            wsum = xp.asarray(a.size / max(avg.size, 1)).astype(avg.dtype)
        else:
            w = xp.asarray(weights)
            if w.shape != a.shape:
                if axis is None or w.ndim != 1:
                    raise TypeError("Axis must be specified when shapes of a and weights differ.")
                shape = [1] * a.ndim
                shape[_norm_axis(axis, a.ndim)] = w.shape[0]
                w = xp.reshape(w, tuple(shape))
            dt = xp.result_type(a.dtype, w.dtype, float)
            wsum = xp.sum(xp.broadcast_to(w, a.shape).astype(dt), axis=axis, keepdims=keepdims)
            avg = xp.sum((a * w).astype(dt), axis=axis, keepdims=keepdims) / wsum
        if returned:
            return avg, xp.broadcast_to(wsum, avg.shape)
        return avg

    def _nan_fill(a, v):
        a = xp.asarray(a)
        return xp.where(xp.isnan(a), v, a) if xp.issubdtype(a.dtype, xp.floating) else a

    def nansum(a, axis=None, dtype=None, out=None, keepdims=False):
        return xp.sum(_nan_fill(a, 0), axis=axis, dtype=dtype, keepdims=keepdims)

    def nanprod(a, axis=None, dtype=None, out=None, keepdims=False):
        return xp.prod(_nan_fill(a, 1), axis=axis, dtype=dtype, keepdims=keepdims)

    def nanmean(a, axis=None, dtype=None, out=None, keepdims=False):
        a = xp.asarray(a)
        return _mean(a, axis=axis, dtype=dtype, keepdims=keepdims, where=~xp.isnan(a))

    def nanvar(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False):
        a = xp.asarray(a)
        return var(a, axis=axis, dtype=dtype, ddof=ddof, keepdims=keepdims, where=~xp.isnan(a))

    def nanstd(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False):
        return xp.sqrt(nanvar(a, axis=axis, dtype=dtype, ddof=ddof, keepdims=keepdims))

    def nanmax(a, axis=None, out=None, keepdims=False):
        return xp.max(_nan_fill(a, -float("inf")), axis=axis, keepdims=keepdims)

    def nanmin(a, axis=None, out=None, keepdims=False):
        return xp.min(_nan_fill(a, float("inf")), axis=axis, keepdims=keepdims)

    def nanargmax(a, axis=None):
        return xp.argmax(_nan_fill(a, -float("inf")), axis=axis)

    def nanargmin(a, axis=None):
        return xp.argmin(_nan_fill(a, float("inf")), axis=axis)

    def quantile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
                 keepdims=False):
        a = xp.asarray(a)
        if axis is None:
            a = xp.ravel(a)
            ax = 0
        else:
            ax = _norm_axis(axis, a.ndim)
        a = a.astype(_float_dtype(a.dtype))
        s = xp.sort(a, axis=ax)
        n = s.shape[ax]
        qa = xp.asarray(q, dtype=s.dtype)
        pos = qa * (n - 1)
        if method == "linear":
            lo = xp.floor(pos)
            hi = xp.ceil(pos)
        elif method == "lower":
            lo = hi = xp.floor(pos)
        elif method == "higher":
            lo = hi = xp.ceil(pos)
        elif method == "nearest":
            lo = hi = xp.round(pos)
        elif method == "midpoint":
            lo = xp.floor(pos)
            hi = xp.ceil(pos)
            pos = (lo + hi) / 2
        else:
            raise ValueError("unsupported quantile method %r" % (method,))
        s = xp.moveaxis(s, ax, -1)
        loi = lo.astype(_index_dtype())
        hii = hi.astype(_index_dtype())
        vlo = xp.take(s, loi, axis=-1)
        vhi = xp.take(s, hii, axis=-1)
        frac = pos - lo
        r = vlo + (vhi - vlo) * frac
        if qa.ndim:
            r = xp.moveaxis(r, -1, 0)
        if keepdims:
            if axis is None:
                r = xp.reshape(r, qa.shape + (1,) * a.ndim)
            else:
                r = xp.expand_dims(r, ax + qa.ndim)
        return r

    def percentile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
                   keepdims=False):
        return quantile(a, xp.asarray(q) / 100.0, axis=axis, method=method, keepdims=keepdims)

    def _empty_median(a, axis, keepdims):
        # NumPy takes the mean of the empty middle: nan, with the mean's two RuntimeWarnings;
        # JAX's gather of the middle element fails as below
        if axis is None:
            shape = (1,) * a.ndim if keepdims else ()
        else:
            ax = _norm_axis(axis, a.ndim)
            shape = a.shape[:ax] + ((1,) if keepdims else ()) + a.shape[ax + 1:]
        size = 1
        for d in shape:
            size *= d
        if not _NP:
            if size:
                raise TypeError("Slice size at index 0 in gather op is out of range, must be "
                                "within [0, 0 + 1), got 1.")
            return xp.zeros(shape, dtype=_float_dtype(a.dtype))
        r = xp.full(shape, float("nan"), dtype=_float_dtype(a.dtype))
        if size:
            import warnings
            warnings.warn("Mean of empty slice", RuntimeWarning, stacklevel=3)
            warnings.warn("invalid value encountered in scalar divide" if shape == ()
                          else "invalid value encountered in divide", RuntimeWarning,
                          stacklevel=3)
        return r[()] if shape == () else r

    def median(a, axis=None, out=None, overwrite_input=False, keepdims=False):
        a = xp.asarray(a)
        n = a.size if axis is None else a.shape[_norm_axis(axis, a.ndim)]
        if n == 0:
            return _empty_median(a, axis, keepdims)
        return quantile(a, 0.5, axis=axis, keepdims=keepdims)

    def cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None, aweights=None, *,
            dtype=None):
        x = xp.asarray(m)
        if x.ndim == 1:
            x = xp.reshape(x, (1, -1))
        elif not rowvar:
            x = x.T
        if y is not None:
            yy = xp.asarray(y)
            if yy.ndim == 1:
                yy = xp.reshape(yy, (1, -1))
            elif not rowvar:
                yy = yy.T
            x = xp.concatenate([x, yy], axis=0)
        x = x.astype(_float_dtype(x.dtype) if dtype is None else dtype)
        if ddof is None:
            ddof = 0 if bias else 1
        n = x.shape[1]
        xc = x - _mean(x, axis=1, keepdims=True)
        c = xp.matmul(xc, xc.T) / (n - ddof)
        return xp.squeeze(c) if c.shape[0] == 1 else c

    def corrcoef(x, y=None, rowvar=True):
        c = cov(x, y, rowvar)
        if c.ndim == 0:
            return c / c
        d = xp.sqrt(xp.diagonal(c))
        c = c / d[:, None]
        c = c / d[None, :]
        return xp.clip(c, -1, 1)

    # ---- creation -------------------------------------------------------------------
    def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0, *,
                 device=None):
        num = int(num)
        if num < 0:
            raise ValueError("Number of samples, %d, must be non-negative." % num)
        start = xp.asarray(start)
        stop = xp.asarray(stop)
        dt = xp.result_type(start, stop, float)
        start = start.astype(dt)
        stop = stop.astype(dt)
        div = (num - 1) if endpoint else num
        if _NP:
            delta = stop - start
            nd = delta.ndim
            y = xp.reshape(xp.arange(0, num, dtype=dt), (-1,) + (1,) * nd)
            if div > 0:
                step = delta / div
                if xp.any(step == 0):
                    y = y / div
                    y = y * delta
                else:
                    y = y * step
            else:
                step = float("nan")
                y = y * delta
            y = y + start
            if endpoint and num > 1:
                y = xp.concatenate([y[:-1], xp.expand_dims(stop, 0) * xp.ones_like(y[-1:])], axis=0)
        else:
            bshape = xp.broadcast_shapes(start.shape, stop.shape)
            bstart = xp.broadcast_to(start, bshape)
            bstop = xp.broadcast_to(stop, bshape)
            # concrete bounds: XLA's exact values (None for traced ones)
            y = xp._linspace_xla(bstart, bstop, num, endpoint) if num > 1 else None
            if y is not None:
                step = (stop - start) / div
            elif num > 1:
                step = (stop - start) / div
                it = xp.arange(div, dtype=dt) / div
                it = xp.reshape(it, (-1,) + (1,) * len(bshape))
                y = bstart[None] * (1 - it) + bstop[None] * it
                if endpoint:
                    y = xp.concatenate([y, bstop[None]], axis=0)
            elif num == 1:
                step = xp.asarray(float("nan") if endpoint else stop - start, dtype=dt)
                y = bstart[None]
            else:
                step = xp.asarray(float("nan"), dtype=dt)
                y = xp.zeros((0,) + tuple(bshape), dtype=dt)
        if axis != 0:
            y = xp.moveaxis(y, 0, axis)
        if dtype is not None:
            if xp.issubdtype(dtype, xp.integer):
                y = xp.floor(y)
            y = y.astype(dtype)
        if retstep:
            return y, step
        return y

    def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0):
        y = linspace(start, stop, num=num, endpoint=endpoint, axis=axis)
        r = xp.power(xp.asarray(base, dtype=y.dtype), y)
        return r if dtype is None else r.astype(dtype)

    def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
        y = logspace(xp.log10(xp.asarray(start) * 1.0), xp.log10(xp.asarray(stop) * 1.0), num=num,
                     endpoint=endpoint, axis=axis)
        return y if dtype is None else y.astype(dtype)

    def meshgrid(*xi, copy=True, sparse=False, indexing="xy"):
        if indexing not in ("xy", "ij"):
            raise ValueError("Valid values for `indexing` are 'xy' and 'ij'.")
        arrs = [xp.ravel(xp.asarray(x)) for x in xi]
        n = len(arrs)
        shapes = []
        for i, a in enumerate(arrs):
            s = [1] * n
            s[i] = a.shape[0]
            shapes.append(s)
        if indexing == "xy" and n > 1:
            for s in shapes:
                s[0], s[1] = s[1], s[0]
        out = [xp.reshape(a, tuple(s)) for a, s in zip(arrs, shapes)]
        if sparse:
            return out
        full = xp.broadcast_shapes(*[tuple(s) for s in shapes])
        res = [xp.broadcast_to(o, full) for o in out]
        if _NP and copy:
            res = [xp.array(r) for r in res]
        return res

    def tri(N, M=None, k=0, dtype=None):
        if M is None:
            M = N
        m = xp.arange(N)[:, None] + k >= xp.arange(M)[None, :]
        return m.astype(dtype if dtype is not None else xp.result_type(float))

    def tril(m, k=0):
        m = xp.asarray(m)
        mask = xp.arange(m.shape[-2])[:, None] + k >= xp.arange(m.shape[-1])[None, :]
        return xp.where(mask, m, xp.zeros((), dtype=m.dtype))

    def triu(m, k=0):
        m = xp.asarray(m)
        mask = xp.arange(m.shape[-2])[:, None] + k <= xp.arange(m.shape[-1])[None, :]
        return xp.where(mask, m, xp.zeros((), dtype=m.dtype))

    def diagonal(a, offset=0, axis1=0, axis2=1):
        a = xp.asarray(a)
        a = xp.moveaxis(a, (axis1, axis2), (-2, -1))
        n, m = a.shape[-2], a.shape[-1]
        if offset >= 0:
            size = max(0, min(n, m - offset))
            i = xp.arange(size)
            j = i + offset
        else:
            size = max(0, min(n + offset, m))
            j = xp.arange(size)
            i = j - offset
        if size == 0:
            # an empty diagonal (NumPy and JAX give shape (..., 0)); gathering from a
            # zero-length axis would be out of range
            return xp.zeros(a.shape[:-2] + (0,), dtype=a.dtype)
        return a[..., i, j]

    def trace(a, offset=0, axis1=0, axis2=1, dtype=None, out=None):
        return xp.sum(diagonal(a, offset, axis1, axis2), axis=-1, dtype=dtype)

    def diag(v, k=0):
        v = xp.asarray(v)
        if v.ndim == 2:
            return diagonal(v, k)
        if v.ndim != 1:
            raise ValueError("Input must be 1- or 2-d.")
        n = v.shape[0] + abs(k)
        i = xp.arange(v.shape[0])
        rows = i if k >= 0 else i - k
        cols = i + k if k >= 0 else i
        z = xp.zeros((n, n), dtype=v.dtype)
        if _NP:
            z[rows, cols] = v
            return z
        return z.at[rows, cols].set(v)

    def diagflat(v, k=0):
        return diag(xp.ravel(xp.asarray(v)), k)

    def vander(x, N=None, increasing=False):
        x = xp.asarray(x)
        if N is None:
            N = x.shape[0]
        p = xp.arange(N)
        if not increasing:
            p = p[::-1]
        return x[:, None] ** p[None, :]

    # ---- shape manipulation ----------------------------------------------------------
    def atleast_1d(*arys):
        res = []
        for a in arys:
            a = xp.asarray(a)
            res.append(xp.reshape(a, (1,)) if a.ndim == 0 else a)
        return res[0] if len(res) == 1 else res

    def atleast_2d(*arys):
        res = []
        for a in arys:
            a = xp.asarray(a)
            if a.ndim == 0:
                a = xp.reshape(a, (1, 1))
            elif a.ndim == 1:
                a = a[None, :]
            res.append(a)
        return res[0] if len(res) == 1 else res

    def atleast_3d(*arys):
        res = []
        for a in arys:
            a = xp.asarray(a)
            if a.ndim == 0:
                a = xp.reshape(a, (1, 1, 1))
            elif a.ndim == 1:
                a = a[None, :, None]
            elif a.ndim == 2:
                a = a[:, :, None]
            res.append(a)
        return res[0] if len(res) == 1 else res

    def _as_list(tup):
        if not isinstance(tup, (list, tuple)):
            return [tup[i] for i in range(len(tup))]
        return list(tup)

    def hstack(tup, *, dtype=None):
        arrs = [atleast_1d(a) for a in _as_list(tup)]
        if arrs and arrs[0].ndim == 1:
            return xp.concatenate(arrs, axis=0, dtype=dtype)
        return xp.concatenate(arrs, axis=1, dtype=dtype)

    def vstack(tup, *, dtype=None):
        return xp.concatenate([atleast_2d(a) for a in _as_list(tup)], axis=0, dtype=dtype)

    def dstack(tup):
        return xp.concatenate([atleast_3d(a) for a in _as_list(tup)], axis=2)

    def column_stack(tup):
        arrs = []
        for a in _as_list(tup):
            a = xp.asarray(a)
            arrs.append(a[:, None] if a.ndim < 2 else a)
        return xp.concatenate(arrs, axis=1)

    def row_stack(tup):
        return vstack(tup)

    def concat(arrays, axis=0):
        return xp.concatenate(arrays, axis=axis)

    def _slice_along(a, axis, start, stop):
        idx = (slice(None),) * axis + (slice(start, stop),)
        return a[idx]

    def array_split(ary, indices_or_sections, axis=0):
        a = xp.asarray(ary)
        n = a.shape[axis]
        if isinstance(indices_or_sections, (list, tuple)) or (
                hasattr(indices_or_sections, "ndim") and indices_or_sections.ndim == 1):
            bounds = [0] + [int(i) for i in indices_or_sections] + [n]
        else:
            k = int(indices_or_sections)
            if k <= 0:
                raise ValueError("number sections must be larger than 0.")
            each, extra = n // k, n % k
            bounds = [0]
            for i in range(k):
                bounds.append(bounds[-1] + each + (1 if i < extra else 0))
        return [_slice_along(a, axis % max(a.ndim, 1), bounds[i], bounds[i + 1])
                for i in range(len(bounds) - 1)]

    def split(ary, indices_or_sections, axis=0):
        if not isinstance(indices_or_sections, (list, tuple)) and not hasattr(indices_or_sections, "ndim"):
            n = xp.asarray(ary).shape[axis]
            if n % int(indices_or_sections):
                raise ValueError("array split does not result in an equal division")
        return array_split(ary, indices_or_sections, axis)

    def hsplit(ary, indices_or_sections):
        a = xp.asarray(ary)
        return split(a, indices_or_sections, axis=1 if a.ndim > 1 else 0)

    def vsplit(ary, indices_or_sections):
        return split(ary, indices_or_sections, axis=0)

    def dsplit(ary, indices_or_sections):
        return split(ary, indices_or_sections, axis=2)

    def tile(A, reps):
        a = xp.asarray(A)
        if not isinstance(reps, (tuple, list)):
            reps = (reps,)
        reps = tuple(int(r) for r in reps)
        d = max(a.ndim, len(reps))
        shape = (1,) * (d - a.ndim) + tuple(a.shape)
        reps = (1,) * (d - len(reps)) + reps
        inter = []
        full = []
        final = []
        for s, r in zip(shape, reps):
            inter += [1, s]
            full += [r, s]
            final.append(r * s)
        b = xp.broadcast_to(xp.reshape(a, tuple(inter)), tuple(full))
        return xp.reshape(b, tuple(final))

    def repeat(a, repeats, axis=None, *, total_repeat_length=None):
        a = xp.asarray(a)
        if axis is None:
            a = xp.ravel(a)
            axis = 0
        axis = _norm_axis(axis, a.ndim)
        if isinstance(repeats, int) or (hasattr(repeats, "ndim") and repeats.ndim == 0):
            r = int(repeats)
            if r < 0:
                raise ValueError("negative dimensions are not allowed")
            shape = tuple(a.shape)
            e = xp.expand_dims(a, axis + 1)
            b = xp.broadcast_to(e, shape[:axis + 1] + (r,) + shape[axis + 1:])
            return xp.reshape(b, shape[:axis] + (shape[axis] * r,) + shape[axis + 1:])
        reps = [int(x) for x in xp.ravel(xp.asarray(repeats)).tolist()]
        if len(reps) != a.shape[axis]:
            raise ValueError("operands could not be broadcast together with shape (%d,) (%d,)"
                             % (a.shape[axis], len(reps)))
        idx = []
        for i, r in enumerate(reps):
            idx += [i] * r
        return xp.take(a, xp.asarray(idx, dtype=_index_dtype()), axis=axis)

    def roll(a, shift, axis=None):
        a = xp.asarray(a)
        if axis is None:
            return xp.reshape(roll(xp.ravel(a), shift, 0), a.shape)
        shifts = shift if isinstance(shift, (tuple, list)) else (shift,)
        axes = axis if isinstance(axis, (tuple, list)) else (axis,)
        if len(shifts) == 1 and len(axes) > 1:
            shifts = tuple(shifts) * len(axes)
        if len(axes) == 1 and len(shifts) > 1:
            axes = tuple(axes) * len(shifts)
        if len(shifts) != len(axes):
            raise ValueError("'shift' and 'axis' should be scalars or 1D sequences")
        for s, ax in zip(shifts, axes):
            ax = _norm_axis(ax, a.ndim)
            n = a.shape[ax]
            if n == 0:
                continue
            s = int(s) % n
            if s:
                a = xp.concatenate([_slice_along(a, ax, n - s, n), _slice_along(a, ax, 0, n - s)],
                                   axis=ax)
        return a

    def fliplr(m):
        return xp.flip(m, axis=1)

    def flipud(m):
        return xp.flip(m, axis=0)

    def rot90(m, k=1, axes=(0, 1)):
        m = xp.asarray(m)
        k = k % 4
        a0, a1 = axes
        if k == 0:
            return m
        if k == 2:
            return xp.flip(xp.flip(m, a0), a1)
        perm = list(range(m.ndim))
        perm[a0], perm[a1] = perm[a1], perm[a0]
        if k == 1:
            return xp.transpose(xp.flip(m, a1), perm)
        return xp.flip(xp.transpose(m, perm), a1)

    def append(arr, values, axis=None):
        arr = xp.asarray(arr)
        values = xp.asarray(values)
        if axis is None:
            return xp.concatenate([xp.ravel(arr), xp.ravel(values)])
        return xp.concatenate([arr, values], axis=axis)

    def broadcast_shapes(*shapes):
        nd = max([len(s) for s in shapes] + [0])
        res = [1] * nd
        for s in shapes:
            s = tuple(s)
            for i in range(len(s)):
                j = nd - len(s) + i
                if res[j] == 1:
                    res[j] = s[i]
                elif s[i] != 1 and s[i] != res[j]:
                    raise ValueError("shape mismatch: objects cannot be broadcast to a single shape. "
                                     "Mismatch is between arg 0 and arg 1.")
        return tuple(res)

    def broadcast_arrays(*args):
        arrs = [xp.asarray(a) for a in args]
        shape = broadcast_shapes(*[a.shape for a in arrs])
        return [xp.broadcast_to(a, shape) for a in arrs]

    # ---- indexing helpers -----------------------------------------------------------
    def take(a, indices, axis=None, out=None, mode=None):
        a = xp.asarray(a)
        if axis is None:
            a = xp.ravel(a)
            axis = 0
        axis = _norm_axis(axis, a.ndim)
        return a[(slice(None),) * axis + (xp.asarray(indices),)]

    def take_along_axis(arr, indices, axis):
        arr = xp.asarray(arr)
        indices = xp.asarray(indices)
        if axis is None:
            arr = xp.ravel(arr)
            axis = 0
        axis = _norm_axis(axis, arr.ndim)
        idx = []
        for d in range(arr.ndim):
            if d == axis:
                idx.append(indices)
            else:
                s = [1] * arr.ndim
                s[d] = arr.shape[d]
                idx.append(xp.reshape(xp.arange(arr.shape[d]), tuple(s)))
        return arr[tuple(idx)]

    def argwhere(a):
        nz = xp.nonzero(xp.asarray(a))
        if len(nz) == 0:
            return xp.zeros((0, 0), dtype=_index_dtype())
        return xp.stack(nz, axis=-1)

    def flatnonzero(a):
        return xp.nonzero(xp.ravel(xp.asarray(a)))[0]

    def searchsorted(a, v, side="left", sorter=None, *, method=None):
        a = xp.asarray(a)
        if sorter is not None:
            a = a[xp.asarray(sorter)]
        v = xp.asarray(v)
        if side == "left":
            c = a[(None,) * v.ndim] < v[..., None]
        elif side == "right":
            c = a[(None,) * v.ndim] <= v[..., None]
        else:
            raise ValueError("side must be 'left' or 'right'")
        return xp.sum(c, axis=-1, dtype=_index_dtype())

    def digitize(x, bins, right=False):
        bins = xp.asarray(bins)
        if bins.shape[0] > 1 and bool(bins[-1] < bins[0]):
            n = bins.shape[0]
            return n - searchsorted(bins[::-1], x, side="left" if right else "right")
        return searchsorted(bins, x, side="left" if right else "right")

    def bincount(x, weights=None, minlength=0, *, length=None):
        x = xp.asarray(x)
        if x.size and length is None:
            if int(xp.min(x)) < 0:
                # NumPy refuses negatives; JAX clips them to 0
                if _NP:
                    raise ValueError("'list' argument must have no negative elements")
                x = xp.maximum(x, 0)
        if length is None:
            length = max(int(xp.max(x)) + 1 if x.size else 0, minlength)
        onehot = x[:, None] == xp.arange(length)[None, :]
        if weights is None:
            return xp.sum(onehot, axis=0, dtype=_index_dtype())
        w = xp.asarray(weights)
        return xp.sum(xp.where(onehot, w[:, None], 0), axis=0)

    def histogram(a, bins=10, range=None, density=False, weights=None):
        a = xp.ravel(xp.asarray(a))
        if isinstance(bins, int):
            if bins < 1 and _NP:
                raise ValueError("`bins` must be positive, when an integer")
            if range is None:
                lo = float(xp.min(a)) if a.size else 0.0
                hi = float(xp.max(a)) if a.size else 1.0
            else:
                lo, hi = float(range[0]), float(range[1])
            if lo == hi:
                lo -= 0.5
                hi += 0.5
            edges = linspace(lo, hi, bins + 1)
        else:
            edges = xp.asarray(bins)
        nb = edges.shape[0] - 1
        idx = searchsorted(edges, a, side="right") - 1
        idx = xp.where(a == edges[-1], nb - 1, idx)
        inside = (idx >= 0) & (idx < nb)
        idx = xp.where(inside, idx, nb)
        counts = bincount(idx, weights=None if weights is None else xp.ravel(xp.asarray(weights)),
                          length=nb + 1)[:nb]
        if density:
            widths = edges[1:] - edges[:-1]
            counts = counts / (xp.sum(counts) * widths)
        return counts, edges

    def select(condlist, choicelist, default=0):
        if len(condlist) != len(choicelist):
            raise ValueError("list of cases must be same length as list of conditions")
        r = xp.asarray(default)
        for c, v in reversed(list(zip(condlist, choicelist))):
            r = xp.where(c, v, r)
        return r

    def piecewise(x, condlist, funclist, *args, **kw):
        x = xp.asarray(x)
        if not isinstance(condlist, (list, tuple)):
            condlist = [condlist]
        r = xp.zeros_like(x)
        if len(funclist) == len(condlist) + 1:
            other = funclist[-1]
            anyc = xp.zeros(x.shape, dtype=bool)
            for c in condlist:
                anyc = anyc | c
            val = other(x, *args, **kw) if callable(other) else other
            r = xp.where(~anyc, val, r)
        for c, f in zip(condlist, funclist):
            val = f(x, *args, **kw) if callable(f) else f
            r = xp.where(c, val, r)
        return r

    def isin(element, test_elements, assume_unique=False, invert=False):
        e = xp.asarray(element)
        t = xp.ravel(xp.asarray(test_elements))
        r = xp.any(e[..., None] == t, axis=-1)
        return ~r if invert else r

    def in1d(ar1, ar2, assume_unique=False, invert=False):
        return isin(xp.ravel(xp.asarray(ar1)), ar2, invert=invert)

    def intersect1d(ar1, ar2, assume_unique=False, return_indices=False):
        a = xp.unique(ar1)
        return a[isin(a, ar2)]

    def union1d(ar1, ar2):
        return xp.unique(xp.concatenate([xp.ravel(xp.asarray(ar1)), xp.ravel(xp.asarray(ar2))]))

    def setdiff1d(ar1, ar2, assume_unique=False):
        a = xp.unique(ar1)
        return a[~isin(a, ar2)]

    # ---- products --------------------------------------------------------------------
    def _jax_only(name, precision, preferred_element_type):
        # jax.numpy's products take precision= (no effect on CPU, as in XLA); numpy's do not
        if _NP and precision is not None:
            raise TypeError(f"{name}() got an unexpected keyword argument 'precision'")
        if _NP and preferred_element_type is not None:
            raise TypeError(f"{name}() got an unexpected keyword argument 'preferred_element_type'")

    def outer(a, b, out=None):
        a = xp.ravel(xp.asarray(a))
        b = xp.ravel(xp.asarray(b))
        return a[:, None] * b[None, :]

    def vdot(a, b, *, precision=None, preferred_element_type=None):
        _jax_only("vdot", precision, preferred_element_type)
        return xp.dot(xp.ravel(xp.asarray(a)), xp.ravel(xp.asarray(b)))

    def inner(a, b, *, precision=None, preferred_element_type=None):
        _jax_only("inner", precision, preferred_element_type)
        a = xp.asarray(a)
        b = xp.asarray(b)
        if a.ndim == 0 or b.ndim == 0:
            return a * b
        return tensordot(a, b, axes=([a.ndim - 1], [b.ndim - 1]))

    def tensordot(a, b, axes=2, *, precision=None, preferred_element_type=None):
        _jax_only("tensordot", precision, preferred_element_type)
        a = xp.asarray(a)
        b = xp.asarray(b)
        if isinstance(axes, int):
            ca = list(range(a.ndim - axes, a.ndim))
            cb = list(range(axes))
        else:
            ca, cb = axes
            ca = [ca] if isinstance(ca, int) else list(ca)
            cb = [cb] if isinstance(cb, int) else list(cb)
        ca = [_norm_axis(c, a.ndim) for c in ca]
        cb = [_norm_axis(c, b.ndim) for c in cb]
        for i, j in zip(ca, cb):
            if a.shape[i] != b.shape[j]:
                raise ValueError("shape-mismatch for sum")
        return xp._dot_general(a, b, ((tuple(ca), tuple(cb)), ((), ())))

    def kron(a, b):
        a = xp.asarray(a)
        b = xp.asarray(b)
        nd = max(a.ndim, b.ndim)
        a = xp.reshape(a, (1,) * (nd - a.ndim) + tuple(a.shape))
        b = xp.reshape(b, (1,) * (nd - b.ndim) + tuple(b.shape))
        ia = []
        ib = []
        final = []
        for sa, sb in zip(a.shape, b.shape):
            ia += [sa, 1]
            ib += [1, sb]
            final.append(sa * sb)
        return xp.reshape(xp.reshape(a, tuple(ia)) * xp.reshape(b, tuple(ib)), tuple(final))

    def cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
        a = xp.moveaxis(xp.asarray(a), axisa if axis is None else axis, -1)
        b = xp.moveaxis(xp.asarray(b), axisb if axis is None else axis, -1)
        if a.shape[-1] == 2 and b.shape[-1] == 2:
            return a[..., 0] * b[..., 1] - a[..., 1] * b[..., 0]
        a0, a1, a2 = a[..., 0], a[..., 1], a[..., 2]
        b0, b1, b2 = b[..., 0], b[..., 1], b[..., 2]
        c = xp.stack([a1 * b2 - a2 * b1, a2 * b0 - a0 * b2, a0 * b1 - a1 * b0], axis=-1)
        return xp.moveaxis(c, -1, axisc if axis is None else axis)

    def einsum(subscripts, *operands, out=None, optimize=None, precision=None,
               preferred_element_type=None, _dot_general=None):
        if not isinstance(subscripts, str):
            # interleaved form: einsum(op0, sublist0, op1, sublist1, ..., [sublist_out])
            args = (subscripts,) + operands
            letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
            def _sub(lst):
                t = ""
                for e in lst:
                    if e is Ellipsis:
                        t += "..."
                    elif isinstance(e, int) and 0 <= e < 52:
                        t += letters[e]
                    else:
                        raise ValueError("subscript is not within the valid range [0, 52)")
                return t
            ops_i = list(args[0::2])
            subs = [_sub(l) for l in args[1::2]]
            if len(args) % 2:
                s_out = _sub(args[-1])
                ops_i = ops_i[:-1]
                subscripts = ",".join(subs[:len(ops_i)]) + "->" + s_out
            else:
                subscripts = ",".join(subs)
            operands = tuple(ops_i)
        ops = [xp.asarray(o) for o in operands]
        s = subscripts.replace(" ", "")
        if "->" in s:
            lhs, out_s = s.split("->")
            explicit = True
        else:
            lhs, out_s, explicit = s, None, False
        ins = lhs.split(",")
        if len(ins) != len(ops):
            raise ValueError("einsum(): more operands were provided than specified in the subscripts string" if len(ops) > len(ins) else "einsum(): fewer operands were provided than were specified in the subscripts string")
        # ellipsis: expand to fresh upper-case letters
        used = set(c for c in s if c.isalpha())
        fresh = [c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if c not in used]
        ell_nd = 0
        for t, o in zip(ins, ops):
            if "..." in t:
                ell_nd = max(ell_nd, o.ndim - (len(t) - 3))
        ell = "".join(fresh[:ell_nd])
        new_ins = []
        for t, o in zip(ins, ops):
            if "..." in t:
                k = o.ndim - (len(t) - 3)
                t = t.replace("...", ell[ell_nd - k:])
            if len(t) != o.ndim:
                raise ValueError("einsum(): operand has %d dimensions but %d subscripts" % (o.ndim, len(t)))
            new_ins.append(t)
        ins = new_ins
        if explicit:
            out_s = out_s.replace("...", ell)
        else:
            counts = {}
            for t in ins:
                for c in t:
                    counts[c] = counts.get(c, 0) + 1
            out_s = ell + "".join(sorted(c for c in counts if counts[c] == 1 and c not in ell))
        # repeated letters inside one operand: take the diagonal
        for k in range(len(ops)):
            t = ins[k]
            while len(set(t)) < len(t):
                for c in t:
                    if t.count(c) > 1:
                        break
                i = t.index(c)
                j = t.index(c, i + 1)
                ops[k] = diagonal(ops[k], 0, i, j)
                t = t[:i] + t[i + 1:j] + t[j + 1:] + c
            ins[k] = t
        # contract left to right
        cur, cur_s = ops[0], ins[0]
        for k in range(1, len(ops)):
            keep = set(out_s)
            for t in ins[k + 1:]:
                keep |= set(t)
            cur, cur_s = _contract(cur, cur_s, ops[k], ins[k], keep)
        # sum what is left out of the output, then order it
        gone = [i for i, c in enumerate(cur_s) if c not in out_s]
        if gone:
            cur = xp.sum(cur, axis=tuple(gone))
            cur_s = "".join(c for c in cur_s if c in out_s)
        if cur_s != out_s:
            cur = xp.transpose(cur, tuple(cur_s.index(c) for c in out_s))
        return cur

    def _contract(a, sa, b, sb, keep):
        # sum out letters private to one side and not kept
        ga = [i for i, c in enumerate(sa) if c not in sb and c not in keep]
        if ga:
            a = xp.sum(a, axis=tuple(ga))
            sa = "".join(c for c in sa if c in sb or c in keep)
        gb = [i for i, c in enumerate(sb) if c not in sa and c not in keep]
        if gb:
            b = xp.sum(b, axis=tuple(gb))
            sb = "".join(c for c in sb if c in sa or c in keep)
        batch = [c for c in sa if c in sb and c in keep]
        contr = [c for c in sa if c in sb and c not in keep]
        dn = ((tuple(sa.index(c) for c in contr), tuple(sb.index(c) for c in contr)),
              (tuple(sa.index(c) for c in batch), tuple(sb.index(c) for c in batch)))
        r = xp._dot_general(a, b, dn)
        rs = "".join(batch) + "".join(c for c in sa if c not in batch and c not in contr) + \
            "".join(c for c in sb if c not in batch and c not in contr)
        return r, rs

    def convolve(a, v, mode="full", *, precision=None, preferred_element_type=None):
        _jax_only("convolve", precision, preferred_element_type)
        a = xp.ravel(xp.asarray(a))
        v = xp.ravel(xp.asarray(v))
        if a.shape[0] < v.shape[0]:
            a, v = v, a
        n, m = a.shape[0], v.shape[0]
        if m == 0:
            raise ValueError("v cannot be empty")
        ap = xp.pad(a, (m - 1, m - 1))
        L = n + m - 1
        idx = xp.arange(L)[:, None] + xp.arange(m)[None, :]
        full = xp.matmul(ap[idx], v[::-1])
        if mode == "full":
            return full
        if mode == "same":
            start = (m - 1) // 2
            return full[start:start + n]
        if mode == "valid":
            return full[m - 1:n]
        raise ValueError("mode must be one of 'full', 'same' or 'valid'")

    def correlate(a, v, mode="valid", *, precision=None, preferred_element_type=None):
        _jax_only("correlate", precision, preferred_element_type)
        return convolve(a, xp.ravel(xp.asarray(v))[::-1], mode)

    # ---- elementwise compositions ------------------------------------------------------
    def _logaddexp(x1, x2):
        amax = xp.maximum(x1, x2)
        delta = x1 - x2
        return xp.where(xp.isnan(delta), x1 + x2, amax + xp.log1p(xp.exp(-xp.abs(delta))))

    if not _NP:
        # JAX's custom JVP: t1 exp(x1 - out) + t2 exp(x2 - out) (1/2 each at x1 == x2, smooth
        # second derivatives), infinities replaced by 0 in the exponents
        from sable.transforms import custom_jvp as _custom_jvp
        _logaddexp = _custom_jvp(_logaddexp)

        def _noinf(v):
            return xp.where(xp.isinf(v), xp.zeros_like(v), v)

        def _logaddexp_jvp(primals, tangents):
            a, b = primals
            ta, tb = tangents
            out = _logaddexp(a, b)
            return out, ta * xp.exp(_noinf(a) - _noinf(out)) + tb * xp.exp(_noinf(b) - _noinf(out))

        _logaddexp.defjvp(_logaddexp_jvp)

    def logaddexp(x1, x2):
        x1 = xp.asarray(x1)
        x2 = xp.asarray(x2)
        if not _NP:
            dt = xp.result_type(x1, x2, float)
            x1 = x1.astype(dt)
            x2 = x2.astype(dt)
        return _logaddexp(x1, x2)

    def logaddexp2(x1, x2):
        ln2 = math.log(2)
        return logaddexp(xp.asarray(x1) * ln2, xp.asarray(x2) * ln2) / ln2

    def sinc(x):
        x = xp.asarray(x)
        y = xp.pi * xp.where(x == 0, 1.0e-20, x)
        return xp.where(x == 0, 1.0, xp.sin(y) / y)

    def signbit(x):
        x = xp.asarray(x)
        if xp.issubdtype(x.dtype, xp.floating):
            return xp.copysign(1.0, x) < 0
        return x < 0

    def heaviside(x1, x2):
        x1 = xp.asarray(x1)
        return xp.where(x1 < 0, 0, xp.where(x1 > 0, 1, x2)).astype(_float_dtype(x1.dtype))

    def nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None):
        x = xp.asarray(x)
        if not xp.issubdtype(x.dtype, xp.floating):
            return x
        big = float(finfo(x.dtype).max)
        x = xp.where(xp.isnan(x), nan, x)
        x = xp.where(xp.isposinf(x) if hasattr(xp, "isposinf") else (x == float("inf")),
                     big if posinf is None else posinf, x)
        x = xp.where(x == -float("inf"), -big if neginf is None else neginf, x)
        return x

    def isposinf(x):
        return xp.asarray(x) == float("inf")

    def isneginf(x):
        return xp.asarray(x) == -float("inf")

    def fmax(x1, x2):
        x1 = xp.asarray(x1)
        x2 = xp.asarray(x2)
        if not _NP:   # JAX's form: at a tie the value and the derivative are x2's
            return xp.where((x1 > x2) | xp.isnan(x2), x1, x2)
        return xp.where(xp.isnan(x1), x2, xp.where(xp.isnan(x2), x1, xp.maximum(x1, x2)))

    def fmin(x1, x2):
        x1 = xp.asarray(x1)
        x2 = xp.asarray(x2)
        if not _NP:
            return xp.where((x1 < x2) | xp.isnan(x2), x1, x2)
        return xp.where(xp.isnan(x1), x2, xp.where(xp.isnan(x2), x1, xp.minimum(x1, x2)))

    def fmod(x1, x2):
        x1 = xp.asarray(x1)
        r = xp.remainder(x1, x2)
        fix = (r != 0) & ((r < 0) != (x1 < 0))
        return xp.where(fix, r - x2, r)

    def divmod(x1, x2):
        return xp.floor_divide(x1, x2), xp.remainder(x1, x2)

    def modf(x):
        x = xp.asarray(x)
        i = xp.trunc(x)
        return x - i, i

    def diff(a, n=1, axis=-1, prepend=None, append=None):
        a = xp.asarray(a)
        if n < 0:
            raise ValueError("order must be non-negative but got %d" % n)
        if a.ndim == 0:
            raise ValueError("diff requires input that is at least one dimensional")
        axis = _norm_axis(axis, a.ndim)
        if prepend is not None:
            p = xp.asarray(prepend)
            if p.ndim == 0:
                s = list(a.shape)
                s[axis] = 1
                p = xp.broadcast_to(p, tuple(s))
            a = xp.concatenate([p, a], axis=axis)
        if append is not None:
            p = xp.asarray(append)
            if p.ndim == 0:
                s = list(a.shape)
                s[axis] = 1
                p = xp.broadcast_to(p, tuple(s))
            a = xp.concatenate([a, p], axis=axis)
        for _ in range(n):
            m = a.shape[axis]
            if m == 0:
                break
            a = _slice_along(a, axis, 1, m) - _slice_along(a, axis, 0, m - 1)
        return a

    def ediff1d(ary, to_end=None, to_begin=None):
        d = diff(xp.ravel(xp.asarray(ary)))
        parts = []
        if to_begin is not None:
            parts.append(xp.ravel(xp.asarray(to_begin)))
        parts.append(d)
        if to_end is not None:
            parts.append(xp.ravel(xp.asarray(to_end)))
        return xp.concatenate(parts) if len(parts) > 1 else d

    def interp(x, xp_, fp, left=None, right=None, period=None):
        x = xp.asarray(x)
        xv = xp.asarray(xp_)
        fv = xp.asarray(fp)
        dt = xp.result_type(x, xv, fv, float)
        x = x.astype(dt)
        xv = xv.astype(dt)
        fv = fv.astype(dt)
        n = xv.shape[0]
        i = xp.clip(searchsorted(xv, x, side="right") - 1, 0, max(n - 2, 0))
        x0 = xv[i]
        x1 = xv[xp.minimum(i + 1, n - 1)]
        f0 = fv[i]
        f1 = fv[xp.minimum(i + 1, n - 1)]
        dx = x1 - x0
        t = xp.where(dx == 0, 0.0, (x - x0) / xp.where(dx == 0, 1.0, dx))
        y = f0 + t * (f1 - f0)
        y = xp.where(x < xv[0], fv[0] if left is None else left, y)
        y = xp.where(x > xv[-1], fv[-1] if right is None else right, y)
        return y

    def polyval(p, x):
        p = xp.asarray(p)
        x = xp.asarray(x)
        y = xp.zeros_like(x * p[0]) if p.shape[0] else xp.zeros_like(x)
        for i in range(p.shape[0]):
            y = y * x + p[i]
        return y

    def polyfit(x, y, deg, rcond=None, full=False, w=None, cov=False):
        x = xp.asarray(x) * 1.0
        y = xp.asarray(y) * 1.0
        A = vander(x, deg + 1)
        return xp.linalg.lstsq(A, y, rcond)[0]

    def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
        r = xp.all(isclose(a, b, rtol=rtol, atol=atol, equal_nan=equal_nan))
        return bool(r) if _NP else r

    def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
        a = xp.asarray(a)
        b = xp.asarray(b)
        dt = xp.result_type(a, b)
        if not xp.issubdtype(dt, xp.floating):
            dt = xp.result_type(float)
        a = a.astype(dt)
        b = b.astype(dt)
        fin = xp.isfinite(a) & xp.isfinite(b)
        close = xp.abs(a - b) <= atol + rtol * xp.abs(b)
        r = xp.where(fin, close, a == b)
        if equal_nan:
            r = r | (xp.isnan(a) & xp.isnan(b))
        return r

    def array_equal(a1, a2, equal_nan=False):
        a1 = xp.asarray(a1)
        a2 = xp.asarray(a2)
        if a1.shape != a2.shape:
            return False if _NP else xp.asarray(False)
        eq = a1 == a2
        if equal_nan and xp.issubdtype(xp.result_type(a1, a2), xp.floating):
            eq = eq | (xp.isnan(a1) & xp.isnan(a2))
        r = xp.all(eq)
        return bool(r) if _NP else r

    def array_equiv(a1, a2):
        try:
            a, b = broadcast_arrays(a1, a2)
        except ValueError:
            return False
        r = xp.all(a == b)
        return bool(r) if _NP else r

    def iscomplexobj(x):
        return False

    def isrealobj(x):
        return True

    def iterable(y):
        try:
            iter(y)
        except TypeError:
            return False
        return True

    # ---- dtype info ------------------------------------------------------------------
    _FINFO = {
        "float32": (1.1920929e-07, 3.4028235e+38, 1.1754944e-38, 6, 1e-06, 24),
        "float64": (2.220446049250313e-16, 1.7976931348623157e+308, 2.2250738585072014e-308,
                    15, 1e-15, 53),
        "float16": (0.0009765625, 65504.0, 6.103515625e-05, 3, 0.001, 11),
        "bfloat16": (0.0078125, 3.3895313892515355e+38, 1.1754943508222875e-38, 2, 0.01, 8),
    }
    # finfo's repr prints min/max as NumPy does for float16 (bfloat16 as its scalars print)
    _FINFO_REPR = {"float16": ("-6.55040e+04", "6.55040e+04")}
    _IINFO = {
        "int32": (-2147483648, 2147483647), "int64": (-9223372036854775807 - 1, 9223372036854775807),
        "uint8": (0, 255), "uint32": (0, 4294967295), "bool": (0, 1),
        # dtype objects only (no arrays of them), but their limits are NumPy's
        "int8": (-128, 127), "int16": (-32768, 32767), "uint16": (0, 65535),
        "uint64": (0, 18446744073709551615),
    }

    class finfo:
        def __init__(self, dtype):
            if hasattr(dtype, "dtype"):
                dtype = dtype.dtype
            dt = xp.dtype(dtype)
            if dt.name not in _FINFO:
                raise ValueError("data type %r not inexact" % (dt.name,))
            eps, mx, tiny, prec, res, mant = _FINFO[dt.name]
            self.dtype = dt
            self.eps = xp.asarray(eps, dtype=dt)
            self.max = xp.asarray(mx, dtype=dt)
            self.min = xp.asarray(-mx, dtype=dt)
            self.tiny = xp.asarray(tiny, dtype=dt)
            self.smallest_normal = self.tiny
            self.precision = prec
            self.resolution = xp.asarray(res, dtype=dt)
            self.bits = dt.itemsize * 8
            self.nmant = mant - 1

        def __repr__(self):
            mn, mx = _FINFO_REPR.get(self.dtype.name, (self.min, self.max))
            return "finfo(resolution=%s, min=%s, max=%s, dtype=%s)" % (
                self.resolution, mn, mx, self.dtype)

    class iinfo:
        def __init__(self, int_type):
            if hasattr(int_type, "dtype"):
                int_type = int_type.dtype
            dt = xp.dtype(int_type)
            if dt.name not in _IINFO:
                raise ValueError("Invalid integer data type %r." % (dt.name,))
            self.dtype = dt
            self.min, self.max = _IINFO[dt.name]
            self.bits = dt.itemsize * 8

        def __repr__(self):
            return "iinfo(min=%d, max=%d, dtype=%s)" % (self.min, self.max, self.dtype)

    class printoptions:
        def __init__(self, **kw):
            self.kw = kw
            self.saved = None

        def __enter__(self):
            self.saved = xp.get_printoptions()
            xp.set_printoptions(**self.kw)
            return xp.get_printoptions()

        def __exit__(self, *exc):
            xp.set_printoptions(**self.saved)
            return False

    class errstate:
        def __init__(self, **kw):
            self.kw = kw

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

    _err = {"divide": "warn", "over": "warn", "under": "ignore", "invalid": "warn"}

    def seterr(all=None, divide=None, over=None, under=None, invalid=None):
        old = dict(_err)
        return old

    def geterr():
        return dict(_err)

    def vectorize(pyfunc, otypes=None, doc=None, excluded=None, cache=False, signature=None):
        def wrapped(*args):
            arrs = broadcast_arrays(*[xp.asarray(a) for a in args])
            shape = arrs[0].shape if arrs else ()
            flat = [xp.ravel(a).tolist() for a in arrs]
            out = [pyfunc(*vals) for vals in zip(*flat)]
            return xp.reshape(xp.asarray(out), shape)
        return wrapped

    names = {
        "mean": mean, "var": var, "std": std, "average": average, "nansum": nansum,
        "nanprod": nanprod, "nanmean": nanmean, "nanvar": nanvar, "nanstd": nanstd,
        "nanmax": nanmax, "nanmin": nanmin, "nanargmax": nanargmax, "nanargmin": nanargmin,
        "quantile": quantile, "percentile": percentile, "median": median, "cov": cov,
        "corrcoef": corrcoef, "linspace": linspace, "logspace": logspace, "geomspace": geomspace,
        "meshgrid": meshgrid, "tri": tri, "tril": tril, "triu": triu, "diagonal": diagonal,
        "trace": trace, "diag": diag, "diagflat": diagflat, "vander": vander,
        "atleast_1d": atleast_1d, "atleast_2d": atleast_2d, "atleast_3d": atleast_3d,
        "hstack": hstack, "vstack": vstack, "dstack": dstack, "column_stack": column_stack,
        "row_stack": row_stack, "concat": concat, "array_split": array_split, "split": split,
        "hsplit": hsplit, "vsplit": vsplit, "dsplit": dsplit, "tile": tile, "repeat": repeat,
        "roll": roll, "fliplr": fliplr, "flipud": flipud, "rot90": rot90, "append": append,
        "broadcast_shapes": broadcast_shapes, "broadcast_arrays": broadcast_arrays,
        "take": take, "take_along_axis": take_along_axis, "argwhere": argwhere,
        "flatnonzero": flatnonzero, "searchsorted": searchsorted, "digitize": digitize,
        "bincount": bincount, "histogram": histogram, "select": select, "piecewise": piecewise,
        "isin": isin, "in1d": in1d, "intersect1d": intersect1d, "union1d": union1d,
        "setdiff1d": setdiff1d, "outer": outer, "vdot": vdot, "inner": inner,
        "tensordot": tensordot, "kron": kron, "cross": cross, "einsum": einsum,
        "convolve": convolve, "correlate": correlate, "logaddexp": logaddexp,
        "logaddexp2": logaddexp2, "sinc": sinc, "signbit": signbit, "heaviside": heaviside,
        "nan_to_num": nan_to_num, "isposinf": isposinf, "isneginf": isneginf, "fmax": fmax,
        "fmin": fmin, "fmod": fmod, "divmod": divmod, "modf": modf, "diff": diff,
        "ediff1d": ediff1d, "interp": interp, "polyval": polyval, "polyfit": polyfit,
        "allclose": allclose, "isclose": isclose, "array_equal": array_equal,
        "array_equiv": array_equiv, "iscomplexobj": iscomplexobj, "isrealobj": isrealobj,
        "iterable": iterable, "finfo": finfo, "iinfo": iinfo, "printoptions": printoptions,
        "errstate": errstate, "seterr": seterr, "geterr": geterr,
    }
    if _NP:
        names["vectorize"] = vectorize
    return names
