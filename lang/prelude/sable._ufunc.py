# sable._ufunc - the methods of numpy.ufunc / jax.numpy.ufunc objects (lang/array/np_ufunc.c):
# reduce, accumulate, outer, at. The common ufuncs go to the library's reductions and cumulative
# sums; the others loop along the axis, applying the ufunc as NumPy's definitions state.


class _NoValueType:
    def __repr__(self):
        return '<no value>'


_NoValue = _NoValueType()

# reduce's fast paths: the reductions compute the same (dtype rules, identities, errors)
_REDUCE = {'add': 'sum', 'multiply': 'prod', 'maximum': 'max', 'minimum': 'min',
           'logical_and': 'all', 'logical_or': 'any'}
_ACCUMULATE = {'add': 'cumsum', 'multiply': 'cumprod'}
_REORDERABLE = ('add', 'multiply', 'maximum', 'minimum', 'logical_and', 'logical_or', 'logical_xor',
                'bitwise_and', 'bitwise_or', 'bitwise_xor')


def _xp(uf):
    if uf._numpy:
        import numpy
        return numpy
    import jax.numpy
    return jax.numpy


def _axis(axis, ndim):
    a = int(axis)
    if not -ndim <= a < ndim:
        raise ValueError(f'axis {axis} is out of bounds for array of dimension {ndim}')
    return a % ndim


def reduce(uf, array, axis=0, dtype=None, out=None, keepdims=False, initial=_NoValue, where=True):
    xp = _xp(uf)
    name = uf.__name__
    if out is not None:
        raise NotImplementedError(f'{name}.reduce: out= is not supported')
    a = xp.asarray(array)
    fast = _REDUCE.get(name)
    if fast is not None and not (fast in ('all', 'any') and (initial is not _NoValue or dtype is not None)):
        kw = {'axis': axis, 'keepdims': keepdims}
        if initial is not _NoValue:
            kw['initial'] = initial
        if where is not True:
            kw['where'] = where
        if dtype is not None and fast in ('sum', 'prod'):
            kw['dtype'] = dtype
        r = getattr(xp, fast)(a, **kw)
        if dtype is not None and fast not in ('sum', 'prod'):
            r = r.astype(dtype)
        return r
    if where is not True:
        raise NotImplementedError(f'{name}.reduce: where= is supported for add, multiply, maximum, minimum, logical_and, logical_or')
    if dtype is not None:
        a = a.astype(dtype)
    nd = a.ndim
    if axis is None:
        axes = tuple(range(nd))
    elif isinstance(axis, (tuple, list)):
        axes = tuple(_axis(x, nd) for x in axis)
    else:
        axes = (_axis(axis, nd),)
    if len(axes) > 1 and name not in _REORDERABLE:
        raise ValueError(f"reduction operation '{name}' is not reorderable, so at most one axis may be specified")
    if len(set(axes)) != len(axes):
        raise ValueError('duplicate value in \'axis\'')
    keep = [d for d in range(nd) if d not in axes]
    moved = xp.transpose(a, tuple(axes) + tuple(keep)) if nd else a
    rest = tuple(a.shape[d] for d in keep)
    n = 1
    for d in axes:
        n *= a.shape[d]
    flat = moved.reshape((n,) + rest)
    if n == 0:
        fill = initial if initial is not _NoValue else uf.identity
        if fill is None:
            raise ValueError(f'zero-size array to reduction operation {name} which has no identity')
        acc = xp.full(rest, fill, dtype=a.dtype)
    else:
        acc = flat[0] if initial is _NoValue else uf(initial, flat[0])
        for i in range(1, n):
            acc = uf(acc, flat[i])
    if keepdims:
        acc = xp.reshape(acc, tuple(1 if d in axes else a.shape[d] for d in range(nd)))
    return acc


def accumulate(uf, array, axis=0, dtype=None, out=None):
    xp = _xp(uf)
    name = uf.__name__
    if out is not None:
        raise NotImplementedError(f'{name}.accumulate: out= is not supported')
    a = xp.asarray(array)
    if a.ndim == 0:
        raise TypeError('cannot accumulate on a scalar')
    if axis is None:
        axis = 0
    ax = _axis(axis, a.ndim)
    fast = _ACCUMULATE.get(name)
    if fast is not None:
        return getattr(xp, fast)(a, axis=ax, dtype=dtype)
    if dtype is not None:
        a = a.astype(dtype)
    m = xp.moveaxis(a, ax, 0)
    if m.shape[0] == 0:
        return a
    acc = m[0]
    parts = [acc]
    for i in range(1, m.shape[0]):
        acc = uf(acc, m[i])
        parts.append(acc)
    return xp.moveaxis(xp.stack(parts), 0, ax)


def outer(uf, A, B, /, **kwargs):
    xp = _xp(uf)
    a = xp.asarray(A)
    b = xp.asarray(B)
    return uf(xp.reshape(a, a.shape + (1,) * b.ndim), b, **kwargs)


_AT_JAX = {'add': 'add', 'multiply': 'multiply', 'maximum': 'max', 'minimum': 'min'}


def at(uf, a, indices, b=None, /, *, inplace=True):
    name = uf.__name__
    if b is None:
        raise ValueError('second operand needed for ufunc')
    if not uf._numpy:
        return _at_jax(uf, a, indices, b, inplace)
    import numpy as np
    if not isinstance(a, np.ndarray):
        raise TypeError(f'{name}.at: first argument must be an ndarray, not {type(a).__name__}')
    # positions of the indexed elements (any index NumPy takes), visited in order, unbuffered:
    # a repeated index applies the ufunc once per occurrence
    pos = np.arange(a.size).reshape(a.shape)[indices]
    bb = np.broadcast_to(np.asarray(b), np.shape(pos)).reshape(-1)
    pos = np.reshape(pos, -1)
    if a.ndim == 1:
        for k in range(pos.shape[0]):
            i = int(pos[k])
            a[i] = uf(a[i], bb[k])
    else:
        shape = a.shape
        for k in range(pos.shape[0]):
            p = int(pos[k])
            i = []
            for n in reversed(shape):
                p, r = divmod(p, n)
                i.append(r)
            i = tuple(reversed(i))
            a[i] = uf(a[i], bb[k])
    return None


def _at_jax(uf, a, indices, b, inplace):
    import jax.numpy as jnp
    if inplace:
        raise NotImplementedError(
            'Because JAX arrays are immutable, jnp.ufunc.at() cannot operate inplace like\n'
            'np.ufunc.at(). Instead, you can pass inplace=False and capture the result; e.g.\n'
            '>>> arr = jnp.add.at(arr, ind, val, inplace=False)\n')
    a = jnp.asarray(a)
    name = uf.__name__
    if name == 'subtract':
        return a.at[indices].add(-jnp.asarray(b))
    method = _AT_JAX.get(name)
    if method is None:
        raise NotImplementedError(f'jnp.{name}.at: supported for add, subtract, multiply, maximum, minimum')
    return getattr(a.at[indices], method)(b)
