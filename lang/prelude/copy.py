# copy - shallow and deep copies as CPython's copy module makes them: atomic values are
# shared, containers rebuilt, instances through __copy__/__deepcopy__, __getstate__/
# __setstate__ or their __dict__; deepcopy's memo (keyed by id) keeps shared parts shared
# and ends cycles. NumPy arrays are copied with .copy(); JAX arrays are immutable and shared.

class Error(Exception):
    pass

error = Error

def _fn():
    pass

class _K:
    def m(self):
        pass

# Values that are never copied. Sable's builtin types expose no __reduce_ex__, so the list is
# explicit; anything neither here, a container, an array nor a class instance is an Error.
_atomic = (type(None), int, float, bool, str, type, range, slice, type(len), type(_fn),
           type(_K().m), type(Ellipsis))

def _array_kind(x):
    # imported here so that copying plain data loads neither; jax.Array covers tracers too
    import numpy
    import jax
    if isinstance(x, numpy.ndarray):
        return 'numpy'
    if isinstance(x, jax.Array):
        return 'jax'
    return None

def _state(x):
    if hasattr(x, '__getstate__'):
        return x.__getstate__()
    d = x.__dict__
    return d if d else None

def _set_state(y, state):
    if state is None:
        return
    if hasattr(y, '__setstate__'):
        y.__setstate__(state)
    else:
        y.__dict__.update(state)

def copy(x):
    cls = type(x)
    if cls in _atomic or cls is tuple or cls is frozenset:
        return x
    if cls is list:
        return list(x)
    if cls is dict:
        return dict(x)
    if cls is set:
        return set(x)
    kind = _array_kind(x)
    if kind == 'numpy':
        return x.copy()
    if kind == 'jax':
        return x
    if hasattr(x, '__copy__'):
        return x.__copy__()
    if hasattr(x, '__dict__'):
        y = cls.__new__(cls)
        _set_state(y, _state(x))
        return y
    raise Error('un(shallow)copyable object of type ' + str(cls))

_nil = []

def _keep_alive(x, memo):
    try:
        memo[id(memo)].append(x)
    except KeyError:
        memo[id(memo)] = [x]

def deepcopy(x, memo=None, _nil=_nil):
    if memo is None:
        memo = {}
    d = id(x)
    y = memo.get(d, _nil)
    if y is not _nil:
        return y
    cls = type(x)
    if cls in _atomic:
        y = x
    elif cls is list:
        y = []
        memo[d] = y
        for a in x:
            y.append(deepcopy(a, memo))
    elif cls is tuple:
        items = [deepcopy(a, memo) for a in x]
        # a cycle through a mutable member may have copied this tuple already
        if d in memo:
            return memo[d]
        y = x
        for k in range(len(x)):
            if x[k] is not items[k]:
                y = tuple(items)
                break
    elif cls is dict:
        y = {}
        memo[d] = y
        for key, value in x.items():
            y[deepcopy(key, memo)] = deepcopy(value, memo)
    elif cls is set or cls is frozenset:
        y = cls(deepcopy(list(x), memo))
    else:
        kind = _array_kind(x)
        if kind == 'numpy':
            y = x.copy()
        elif kind == 'jax':
            y = x
        elif hasattr(x, '__deepcopy__'):
            y = x.__deepcopy__(memo)
        elif hasattr(x, '__dict__'):
            y = cls.__new__(cls)
            memo[d] = y
            state = _state(x)
            if state is not None:
                state = deepcopy(state, memo)
            _set_state(y, state)
        else:
            raise Error('un(deep)copyable object of type ' + str(cls))
    if y is not x:
        memo[d] = y
        _keep_alive(x, memo)
    return y
