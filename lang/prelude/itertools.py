# itertools - lazy iterator classes (count, cycle, repeat, chain, islice, accumulate, ...) and
# the combinatoric ones, in CPython's order.

class _It:
    def __iter__(self):
        return self

class count(_It):
    def __init__(self, start=0, step=1):
        self._n = start
        self._step = step
    def __next__(self):
        v = self._n
        self._n += self._step
        return v
    def __repr__(self):
        if self._step == 1:
            return f'count({self._n!r})'
        return f'count({self._n!r}, {self._step!r})'

class cycle(_It):
    def __init__(self, iterable):
        self._it = iter(iterable)
        self._saved = []
        self._i = -1
    def __next__(self):
        if self._it is not None:
            for x in self._it:
                self._saved.append(x)
                return x
            self._it = None
        if not self._saved:
            raise StopIteration
        self._i = (self._i + 1) % len(self._saved)
        return self._saved[self._i]

class repeat(_It):
    def __init__(self, obj, times=None):
        self._obj = obj
        self._left = times
    def __next__(self):
        if self._left is not None:
            if self._left <= 0:
                raise StopIteration
            self._left -= 1
        return self._obj
    def __repr__(self):
        if self._left is None:
            return f'repeat({self._obj!r})'
        return f'repeat({self._obj!r}, {self._left})'

class chain(_It):
    def __init__(self, *iterables):
        self._its = iter(iterables)
        self._cur = None
    def __next__(self):
        while True:
            if self._cur is None:
                self._cur = iter(next(self._its))
            for x in self._cur:
                return x
            self._cur = None
    @staticmethod
    def from_iterable(iterables):
        c = chain()
        c._its = iter(iterables)
        return c

class islice(_It):
    def __init__(self, iterable, *args):
        s = slice(*args)
        self._start = 0 if s.start is None else s.start
        self._stop = s.stop
        self._step = 1 if s.step is None else s.step
        if self._start < 0 or (self._stop is not None and self._stop < 0) or self._step <= 0:
            raise ValueError('Indices for islice() must be None or an integer: 0 <= x <= sys.maxsize.')
        self._it = iter(iterable)
        self._i = 0
        self._next = self._start
    def __next__(self):
        while True:
            if self._stop is not None and self._next >= self._stop:
                raise StopIteration
            x = next(self._it)
            i = self._i
            self._i += 1
            if i == self._next:
                self._next += self._step
                return x

class accumulate(_It):
    def __init__(self, iterable, func=None, *, initial=None):
        self._it = iter(iterable)
        self._func = func
        self._total = initial
        self._first = True
        self._has_initial = initial is not None
    def __next__(self):
        if self._first:
            self._first = False
            if self._has_initial:
                return self._total
            self._total = next(self._it)
            return self._total
        x = next(self._it)
        self._total = self._total + x if self._func is None else self._func(self._total, x)
        return self._total

class starmap(_It):
    def __init__(self, func, iterable):
        self._f = func
        self._it = iter(iterable)
    def __next__(self):
        return self._f(*next(self._it))

class takewhile(_It):
    def __init__(self, pred, iterable):
        self._p = pred
        self._it = iter(iterable)
        self._done = False
    def __next__(self):
        if self._done:
            raise StopIteration
        x = next(self._it)
        if self._p(x):
            return x
        self._done = True
        raise StopIteration

class dropwhile(_It):
    def __init__(self, pred, iterable):
        self._p = pred
        self._it = iter(iterable)
        self._dropping = True
    def __next__(self):
        while self._dropping:
            x = next(self._it)
            if not self._p(x):
                self._dropping = False
                return x
        return next(self._it)

class filterfalse(_It):
    def __init__(self, pred, iterable):
        self._p = bool if pred is None else pred
        self._it = iter(iterable)
    def __next__(self):
        while True:
            x = next(self._it)
            if not self._p(x):
                return x

class compress(_It):
    def __init__(self, data, selectors):
        self._it = zip(data, selectors)
    def __next__(self):
        while True:
            d, s = next(self._it)
            if s:
                return d

class zip_longest(_It):
    def __init__(self, *iterables, fillvalue=None):
        self._its = [iter(i) for i in iterables]
        self._fill = fillvalue
        self._active = len(self._its)
    def __next__(self):
        if not self._its or self._active == 0:
            raise StopIteration
        out = []
        for i, it in enumerate(self._its):
            if it is None:
                out.append(self._fill)
                continue
            try:
                out.append(next(it))
            except StopIteration:
                self._its[i] = None
                self._active -= 1
                if self._active == 0:
                    raise
                out.append(self._fill)
        return tuple(out)

class pairwise(_It):
    def __init__(self, iterable):
        self._it = iter(iterable)
        self._prev = None
        self._started = False
    def __next__(self):
        if not self._started:
            self._prev = next(self._it)
            self._started = True
        x = next(self._it)
        p = self._prev
        self._prev = x
        return (p, x)

class groupby(_It):
    def __init__(self, iterable, key=None):
        self._items = list(iterable)
        self._key = (lambda v: v) if key is None else key
        self._i = 0
    def __next__(self):
        items = self._items
        if self._i >= len(items):
            raise StopIteration
        k = self._key(items[self._i])
        group = []
        while self._i < len(items) and self._key(items[self._i]) == k:
            group.append(items[self._i])
            self._i += 1
        return (k, iter(group))

def tee(iterable, n=2):
    items = list(iterable)
    return tuple(iter(items) for _ in range(n))

def product(*iterables, repeat=1):
    pools = [tuple(p) for p in iterables] * repeat
    result = [()]
    for pool in pools:
        result = [x + (y,) for x in result for y in pool]
    return iter(result)

def permutations(iterable, r=None):
    pool = tuple(iterable)
    n = len(pool)
    r = n if r is None else r
    out = []
    if r > n:
        return iter(out)
    indices = list(range(n))
    cycles = list(range(n, n - r, -1))
    out.append(tuple(pool[i] for i in indices[:r]))
    while n:
        for i in reversed(range(r)):
            cycles[i] -= 1
            if cycles[i] == 0:
                indices[i:] = indices[i + 1:] + indices[i:i + 1]
                cycles[i] = n - i
            else:
                j = cycles[i]
                indices[i], indices[-j] = indices[-j], indices[i]
                out.append(tuple(pool[i] for i in indices[:r]))
                break
        else:
            return iter(out)
    return iter(out)

def combinations(iterable, r):
    pool = tuple(iterable)
    n = len(pool)
    out = []
    if r > n:
        return iter(out)
    indices = list(range(r))
    out.append(tuple(pool[i] for i in indices))
    while True:
        for i in reversed(range(r)):
            if indices[i] != i + n - r:
                break
        else:
            return iter(out)
        indices[i] += 1
        for j in range(i + 1, r):
            indices[j] = indices[j - 1] + 1
        out.append(tuple(pool[i] for i in indices))

def combinations_with_replacement(iterable, r):
    pool = tuple(iterable)
    n = len(pool)
    out = []
    if not n and r:
        return iter(out)
    indices = [0] * r
    out.append(tuple(pool[i] for i in indices))
    while True:
        for i in reversed(range(r)):
            if indices[i] != n - 1:
                break
        else:
            return iter(out)
        indices[i:] = [indices[i] + 1] * (r - i)
        out.append(tuple(pool[i] for i in indices))
