# statistics - CPython 3.11's averages and measures of spread. CPython works exactly with
# fractions; Sable's ints are 64-bit and there is no `fractions` module, so exact sums are kept
# as float expansions (lists of floats whose exact sum is the value, built with error-free
# two-sum/two-product) and the final quotient or square root is rounded by testing the
# neighbouring floats against the exact residual.
import math

class StatisticsError(ValueError):
    pass

_SPLIT = 134217729.0   # 2**27 + 1, Dekker's splitter

def _two_prod(a, b):
    # a*b == p + e exactly (no fma: Dekker's split)
    p = a * b
    c = _SPLIT * a
    ah = c - (c - a)
    al = a - ah
    c = _SPLIT * b
    bh = c - (c - b)
    bl = b - bh
    e = ((ah * bh - p) + ah * bl + al * bh) + al * bl
    return [p, e]

def _grow(partials, x):
    # Shewchuk's grow-expansion (the partials of math.fsum)
    out = []
    for y in partials:
        if abs(x) < abs(y):
            x, y = y, x
        hi = x + y
        lo = y - (hi - x)
        if lo:
            out.append(lo)
        x = hi
    out.append(x)
    return out

def _expand(values):
    parts = []
    for v in values:
        parts = _grow(parts, v)
    return parts

def _int_exp(n):
    # an int as floats summing to it exactly (64-bit ints need at most two)
    hi = float(n)
    rest = n - int(hi)
    if rest == 0:
        return [hi]
    return [hi, float(rest)]

def _num_exp(x):
    if isinstance(x, int):
        return _int_exp(x)
    return [float(x)]

def _neighbours(q):
    if q == 0.0 or q != q or q in (math.inf, -math.inf):
        return [q]
    m, e = math.frexp(q)
    u = math.ldexp(1.0, e - 53)
    return [q - u, q - u / 2, q, q + u]

def _div_round(num, den):
    # num / den correctly rounded; num and den are expansions, den's sum is positive
    q = math.fsum(num) / math.fsum(den)
    best = q
    best_r = None
    for c in _neighbours(q):
        terms = [-x for x in num]
        for d in den:
            terms.extend(_two_prod(c, d))
        r = abs(math.fsum(terms))
        if best_r is None or r < best_r or (r == best_r and _is_even(c)):
            best, best_r = c, r
    return best

def _is_even(c):
    # ties go to the float with an even last mantissa bit
    m, e = math.frexp(c)
    return int(m * 9007199254740992.0) % 2 == 0

def _sqrt_round(num, den):
    # sqrt(num / den), num and den expansions: walk up the neighbouring floats while the
    # midpoint m between two of them has m*m*den < num (exact sign), ties to even
    y = math.sqrt(math.fsum(num) / math.fsum(den))
    cands = sorted(set([c for c in _neighbours(y) if c >= 0]))
    best = cands[0]
    for i in range(len(cands) - 1):
        a = cands[i] / 2
        b = cands[i + 1] / 2
        terms = [-x for x in num]
        for s in _two_prod(a, a) + _two_prod(a, 2 * b) + _two_prod(b, b):
            for d in den:
                terms.extend(_two_prod(s, d))
        sign = math.fsum(terms)
        if sign < 0:
            best = cands[i + 1]
        else:
            if sign == 0 and _is_even(cands[i + 1]):
                best = cands[i + 1]
            break
    return best

def _all_int(data):
    for x in data:
        if not isinstance(x, int):
            return False
    return True

def _convert_int(num, den):
    # CPython's _convert(Fraction(num, den), int): an int when exact, else the rounded float
    if den < 0:
        num, den = -num, -den
    if num % den == 0:
        return num // den
    return _div_round(_int_exp(num), _int_exp(den))

def _ss_parts(data, c):
    # (exact numerator expansion or int, denominator multiplier, all_int, count) with
    # ssd == num / count (c is None) or ssd == num (c given)
    data = list(data)
    n = len(data)
    if c is not None:
        devs = [(x - c) * (x - c) for x in data]
        if _all_int(devs):
            return sum(devs), 1, True, n
        parts = []
        for v in devs:
            for t in _num_exp(v):
                parts = _grow(parts, t)
        return parts, 1, False, n
    if n == 0:
        return 0, 1, True, 0
    if _all_int(data):
        try:
            sx = sum(data)
            sxx = sum(x * x for x in data)
            return n * sxx - sx * sx, n, True, n
        except OverflowError:
            pass
    sx = []
    sxx = []
    for x in data:
        for t in _num_exp(x):
            sx = _grow(sx, t)
    for x in data:
        xs = _num_exp(x)
        for a in xs:
            for b in xs:
                for t in _two_prod(a, b):
                    sxx = _grow(sxx, t)
    num = []
    fn = float(n)
    for t in sxx:
        for u in _two_prod(t, fn):
            num = _grow(num, u)
    for a in sx:
        for b in sx:
            for u in _two_prod(a, b):
                num = _grow(num, -u)
    return num, n, False, n

def _spread(data, c, divisor_of, name, minimum, root):
    num, den, is_int, n = _ss_parts(data, c)
    if n < minimum:
        raise StatisticsError(name)
    den = den * divisor_of(n)
    if is_int and not root:
        return _convert_int(num, den)
    if is_int:
        num = _int_exp(num)
    if root:
        return _sqrt_round(num, _int_exp(den))
    return _div_round(num, _int_exp(den))

def mean(data):
    data = list(data)
    n = len(data)
    if n < 1:
        raise StatisticsError('mean requires at least one data point')
    if _all_int(data):
        try:
            return _convert_int(sum(data), n)
        except OverflowError:
            pass
    parts = []
    for x in data:
        for t in _num_exp(x):
            parts = _grow(parts, t)
    return _div_round(parts, [float(n)])

def fmean(data, weights=None):
    data = list(data)
    n = len(data)
    if weights is None:
        total = math.fsum(data)
        if not n:
            raise StatisticsError('fmean requires at least one data point')
        return total / n
    weights = list(weights)
    num = math.fsum([x * w for x, w in zip(data, weights)])
    if n != len(weights):
        raise StatisticsError('data and weights must be the same length')
    den = math.fsum(weights)
    if not den:
        raise StatisticsError('sum of weights must be non-zero')
    return num / den

def geometric_mean(data):
    try:
        return math.exp(fmean([math.log(x) for x in data]))
    except ValueError:
        raise StatisticsError('geometric mean requires a non-empty dataset '
                              'containing positive numbers') from None

def harmonic_mean(data, weights=None):
    data = list(data)
    errmsg = 'harmonic mean does not support negative values'
    n = len(data)
    if n < 1:
        raise StatisticsError('harmonic_mean requires at least one data point')
    elif n == 1 and weights is None:
        x = data[0]
        if x < 0:
            raise StatisticsError(errmsg)
        return x
    if weights is None:
        weights = [1] * n
        sum_weights = _int_exp(n)
    else:
        weights = list(weights)
        if len(weights) != n:
            raise StatisticsError('Number of weights does not match data size')
        sum_weights = []
        for w in weights:
            if w < 0:
                raise StatisticsError(errmsg)
            for t in _num_exp(w):
                sum_weights = _grow(sum_weights, t)
    total = []
    for w, x in zip(weights, data):
        if x < 0:
            raise StatisticsError(errmsg)
        if w:
            if x == 0:
                return 0
            total = _grow(total, w / x)
    if math.fsum(total) <= 0:
        raise StatisticsError('Weighted sum must be positive')
    return _div_round(sum_weights, total)

def median(data):
    data = sorted(data)
    n = len(data)
    if n == 0:
        raise StatisticsError("no median for empty data")
    if n % 2 == 1:
        return data[n // 2]
    i = n // 2
    return (data[i - 1] + data[i]) / 2

def median_low(data):
    data = sorted(data)
    n = len(data)
    if n == 0:
        raise StatisticsError("no median for empty data")
    if n % 2 == 1:
        return data[n // 2]
    return data[n // 2 - 1]

def median_high(data):
    data = sorted(data)
    n = len(data)
    if n == 0:
        raise StatisticsError("no median for empty data")
    return data[n // 2]

def _counts(data):
    counts = {}
    for x in data:
        counts[x] = counts.get(x, 0) + 1
    return counts

def mode(data):
    counts = _counts(data)
    if not counts:
        raise StatisticsError('no mode for empty data')
    best = None
    bestc = 0
    for value, count in counts.items():
        if count > bestc:
            best, bestc = value, count
    return best

def multimode(data):
    counts = _counts(data)
    if not counts:
        return []
    maxcount = max(counts.values())
    return [value for value, count in counts.items() if count == maxcount]

def quantiles(data, *, n=4, method='exclusive'):
    if n < 1:
        raise StatisticsError('n must be at least 1')
    data = sorted(data)
    ld = len(data)
    if ld < 2:
        raise StatisticsError('must have at least two data points')
    if method == 'inclusive':
        m = ld - 1
        result = []
        for i in range(1, n):
            j, delta = divmod(i * m, n)
            interpolated = (data[j] * (n - delta) + data[j + 1] * delta) / n
            result.append(interpolated)
        return result
    if method == 'exclusive':
        m = ld + 1
        result = []
        for i in range(1, n):
            j = i * m // n
            j = 1 if j < 1 else ld - 1 if j > ld - 1 else j
            delta = i * m - j * n
            interpolated = (data[j - 1] * (n - delta) + data[j] * delta) / n
            result.append(interpolated)
        return result
    raise ValueError(f'Unknown method: {method!r}')

def variance(data, xbar=None):
    return _spread(data, xbar, lambda n: n - 1,
                   'variance requires at least two data points', 2, False)

def pvariance(data, mu=None):
    return _spread(data, mu, lambda n: n,
                   'pvariance requires at least one data point', 1, False)

def stdev(data, xbar=None):
    return _spread(data, xbar, lambda n: n - 1,
                   'stdev requires at least two data points', 2, True)

def pstdev(data, mu=None):
    return _spread(data, mu, lambda n: n,
                   'pstdev requires at least one data point', 1, True)
