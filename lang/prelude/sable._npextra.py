# sable._npextra - numpy functions written in Sable and loaded on first use (lang/array/mod_np.c
# forwards np.<name> / jnp.<name> to np_<name> / jnp_<name> here): block, broadcast,
# format_float_positional, format_float_scientific (Dragon4's modes over the shortest round-trip
# digits and printf's exact ones).


def _where(index):
    return 'arrays' + ''.join(f'[{i}]' for i in index)


def _depths(x, index, xp):
    """(first leaf index, list depth, max leaf ndim), as NumPy's _block_check_depths_match."""
    if type(x) is tuple:
        raise TypeError(f'{_where(index)} is a tuple. Only lists can be used to arrange blocks, '
                        'and np.block does not allow implicit conversion from tuple to ndarray.')
    if type(x) is list:
        if len(x) == 0:
            raise ValueError(f'List at {_where(index)} cannot be empty')
        first = None
        maxnd = 0
        for i, e in enumerate(x):
            idx, d, nd = _depths(e, index + [i], xp)
            if first is None:
                first = (idx, d)
            elif d != first[1]:
                raise ValueError(f'List depths are mismatched. First element was at depth {first[1]}, '
                                 f'but there is an element at depth {d} ({_where(idx)})')
            maxnd = max(maxnd, nd)
        return first[0], first[1], maxnd
    return index, len(index), xp.ndim(x)


def _block(xp, arrays):
    _, list_ndim, arr_ndim = _depths(arrays, [], xp)
    result_ndim = max(list_ndim, arr_ndim)

    def rec(x, depth):
        if depth < list_ndim:
            return xp.concatenate([rec(e, depth + 1) for e in x], axis=-(list_ndim - depth))
        a = xp.asarray(x)
        return xp.reshape(a, (1,) * (result_ndim - a.ndim) + a.shape)

    r = rec(arrays, 0)
    return xp.array(r) if list_ndim == 0 else r


def np_block(arrays):
    import numpy
    return _block(numpy, arrays)


def jnp_block(arrays):
    import jax.numpy
    return _block(jax.numpy, arrays)


class np_broadcast:
    """np.broadcast(*arrays): the broadcast shape and an iterator over tuples of elements."""
    __module__ = 'numpy'
    __qualname__ = 'broadcast'

    def __init__(self, *args):
        import numpy as np
        if len(args) > 64:
            raise ValueError(f'Need at least 0 and at most 64 array objects.')
        arrs = []
        for a in args:
            if isinstance(a, np_broadcast):
                arrs.extend(a._arrays)
            else:
                arrs.append(np.asarray(a))
        shape = ()
        for i, a in enumerate(arrs):
            s = a.shape
            nd = max(len(shape), len(s))
            res = []
            for k in range(nd):
                x = shape[k - nd + len(shape)] if k - nd + len(shape) >= 0 else 1
                y = s[k - nd + len(s)] if k - nd + len(s) >= 0 else 1
                if x != y and x != 1 and y != 1:
                    raise ValueError('shape mismatch: objects cannot be broadcast to a single shape.  '
                                     f'Mismatch is between arg 0 with shape {arrs[0].shape} and arg {i} with shape {s}.')
                res.append(y if x == 1 else x)
            shape = tuple(res)
        self._arrays = arrs
        self._flat = [np.broadcast_to(a, shape).reshape(-1) for a in arrs]
        self.shape = shape
        self.nd = self.ndim = len(shape)
        size = 1
        for n in shape:
            size *= n
        self.size = size
        self.numiter = len(arrs)
        self.index = 0

    def __iter__(self):
        return self

    def __next__(self):
        if self.index >= self.size:
            raise StopIteration
        i = self.index
        self.index = i + 1
        return tuple(f[i] for f in self._flat)

    def reset(self):
        self.index = 0


# {=== float formatting ===}

def _kind(x):
    import numpy as np
    dt = getattr(x, 'dtype', None)
    if dt is not None:
        if dt == np.float32:
            return 1
        if dt == np.float16:
            return 2
        if dt.kind != 'f':
            raise TypeError('format_float_positional/format_float_scientific require a floating point scalar')
    elif not isinstance(x, (float, int)):
        raise TypeError('format_float_positional/format_float_scientific require a floating point scalar')
    return 0


def _same(s, v, kind):
    import numpy as np
    if kind == 0:
        return float(s) == v
    t = np.float32 if kind == 1 else np.float16
    return t(float(s)) == t(v)


def _shortest(v, kind):
    """digits (no trailing zeros) and the exponent of the first one, of the shortest decimal
    that reads back as the same float32/float64/float16; v > 0"""
    for p in range(17):
        s = '%.*e' % (p, v)
        if _same(s, v, kind):
            break
    m, e = s.split('e')
    d = m.replace('.', '').rstrip('0') or '0'
    return d, int(e)


def _rounded_sci(v, p, unique=False):
    s = '%.*e' % (p, v)
    m, e = s.split('e')
    d = m.replace('.', '')
    if unique and _carried(d, '%.*e' % (p + 30, v), p + 1):
        d = d.rstrip('0') or '0'
    return d, int(e)


def _carried(rounded, longer, n):
    """whether rounding to n digits carried upwards: Dragon4 then drops the zeros the carry left"""
    r = rounded.replace('.', '').replace('-', '')
    t = longer.split('e')[0].replace('.', '').replace('-', '')
    return r[:n] != t[:n]


def _trim(frac, trim, exact_len):
    if trim == 'k':
        return frac, True
    frac = frac.rstrip('0')
    if trim == '.':
        return frac, True
    if trim == '0':
        return (frac or '0'), True
    if trim == '-':
        return frac, bool(frac)
    raise ValueError("if supplied, trim must be one of 'k', '.', '0' or '-'")


def _special(v, sign):
    if v != v:
        return 'nan'
    if v > 0:
        return '+inf' if sign else 'inf'
    return '-inf'


def _float_start(x, precision, unique, min_digits):
    # what both format_float_* start with: numpy's argument checks, in its order; then the
    # value's kind, the value and whether it is negative (-0.0 too)
    kind = _kind(x)
    v = float(x)
    if precision is not None and precision < 0:
        raise ValueError('precision must be >= 0')
    if min_digits is not None and min_digits < 0:
        raise ValueError('min_digits must be >= 0')
    if not unique and precision is None:
        raise ValueError('precision must be provided when unique is False')
    if min_digits is not None and precision is not None and min_digits > precision:
        raise ValueError('min_digits must be less than or equal to precision')
    return kind, v, v < 0 or (v == 0 and str(v).startswith('-'))


def np_format_float_positional(x, precision=None, unique=True, fractional=True, trim='k', sign=False,
                            pad_left=None, pad_right=None, min_digits=None):
    kind, v, neg = _float_start(x, precision, unique, min_digits)
    if v != v or v in (float('inf'), float('-inf')):
        return _special(v, sign)
    a = -v if neg else v
    if fractional:
        if a == 0:
            ip, fp = '0', ''
            if not unique:
                fp = '0' * precision
            elif min_digits is not None:
                fp = '0' * min_digits
        else:
            d, e = _shortest(a, kind)
            nfrac = max(len(d) - 1 - e, 0)
            if not unique or (precision is not None and nfrac > precision):
                s = '%.*f' % (precision, a)
                ip, _, fp = s.partition('.')
                if unique:
                    t = '%.*f' % (precision + 30, a)
                    if (ip + fp) != t.replace('.', '')[:len(ip + fp)] or ip != t.partition('.')[0]:
                        fp = fp.rstrip('0')
            else:
                if e >= 0:
                    ip = (d[:e + 1] + '0' * (e + 1 - len(d)))
                    fp = d[e + 1:]
                else:
                    ip = '0'
                    fp = '0' * (-e - 1) + d
            if unique and min_digits is not None and len(fp) < min_digits:
                fp = ('%.*f' % (min_digits, a)).partition('.')[2]
    else:
        if a == 0:
            ip, fp = '0', ''
        else:
            d, e = _shortest(a, kind)
            if not unique or (precision is not None and len(d) > precision):
                d, e = _rounded_sci(a, max(precision - 1, 0), unique)
            if unique and min_digits is not None and len(d) < min_digits:
                d, e = _rounded_sci(a, min_digits - 1)
            if e >= 0:
                ip = d[:e + 1] + '0' * (e + 1 - len(d))
                fp = d[e + 1:]
            else:
                ip = '0'
                fp = '0' * (-e - 1) + d
    fp, dot = _trim(fp, trim, None)
    ip = ('-' if neg else ('+' if sign else '')) + ip
    if pad_left is not None:
        ip = ip.rjust(pad_left)
    out = ip + ('.' if dot else '') + fp
    if pad_right is not None:
        out = out + ' ' * (pad_right - len(fp))
    return out


def np_format_float_scientific(x, precision=None, unique=True, trim='k', sign=False, pad_left=None,
                            exp_digits=None, min_digits=None):
    kind, v, neg = _float_start(x, precision, unique, min_digits)
    if v != v or v in (float('inf'), float('-inf')):
        return _special(v, sign)
    a = -v if neg else v
    if a == 0:
        d, e = '0', 0
        if not unique:
            d = '0' * (precision + 1)
        elif min_digits is not None:
            d = '0' * (min_digits + 1)
    else:
        d, e = _shortest(a, kind)
        if not unique or (precision is not None and len(d) - 1 > precision):
            d, e = _rounded_sci(a, precision, unique)
        if unique and min_digits is not None and len(d) - 1 < min_digits:
            d, e = _rounded_sci(a, min_digits)
    fp, dot = _trim(d[1:], trim, None)
    ip = ('-' if neg else ('+' if sign else '')) + d[0]
    if pad_left is not None:
        ip = ip.rjust(pad_left)
    ed = str(abs(e)).rjust(2 if exp_digits is None else max(exp_digits, 1), '0')
    return ip + ('.' if dot else '') + fp + 'e' + ('-' if e < 0 else '+') + ed
