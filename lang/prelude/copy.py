# copy - shallow and deep copies as CPython 3.11's copy module makes them: atomic values are
# shared, the builtin containers rebuilt, everything else through __copy__/__deepcopy__,
# copyreg.dispatch_table or the reduce protocol (copyreg._sable_reduce_ex stands in for the
# __reduce_ex__ Sable's builtins lack), so subclasses of dict, list and set keep their items and
# attributes; deepcopy's memo (keyed by id) keeps shared parts shared and ends cycles.
# NumPy arrays are copied with .copy(); JAX arrays are immutable and shared.
import types
import weakref
from copyreg import dispatch_table, _sable_reduce_ex


class Error(Exception):
    pass


error = Error

__all__ = ["Error", "copy", "deepcopy"]


def _array_kind(x):
    # imported here so that copying plain data loads neither; jax.Array covers tracers too
    mod = getattr(type(x), '__module__', None)
    if mod not in ('numpy', 'jax', 'builtins'):   # (tracers' types are builtins)
        return None
    import numpy
    import jax
    if isinstance(x, numpy.ndarray):
        return 'numpy'
    if isinstance(x, jax.Array):
        return 'jax'
    if type(x) is type(numpy.dtype('float32')):
        return 'jax'   # immutable: shared
    return None


def _reductor(x, cls):
    reductor = dispatch_table.get(cls)
    if reductor is not None:
        return reductor(x)
    return _sable_reduce_ex(x, 4)


def copy(x):
    cls = type(x)
    copier = _copy_dispatch.get(cls)
    if copier:
        return copier(x)
    if issubclass(cls, type):
        # treat it as a regular class:
        return _copy_immutable(x)
    kind = _array_kind(x)
    if kind == 'numpy':
        return x.copy()
    if kind == 'jax':
        return x
    copier = getattr(cls, "__copy__", None)
    if copier is not None:
        return copier(x)
    rv = _reductor(x, cls)
    if isinstance(rv, str):
        return x
    return _reconstruct(x, None, *rv)


_copy_dispatch = d = {}


def _copy_immutable(x):
    return x


def _fn():
    pass


class _K:
    def m(self):
        pass


for t in (type(None), int, float, bool, str, tuple, bytes, frozenset, type, range, slice,
          property, types.BuiltinFunctionType, type(Ellipsis), type(NotImplemented),
          types.FunctionType, weakref.ref, type(_K().m)):
    d[t] = _copy_immutable

d[list] = list.copy
d[dict] = dict.copy
d[set] = set.copy
d[bytearray] = bytearray.copy

del d, t


def deepcopy(x, memo=None, _nil=[]):
    if memo is None:
        memo = {}

    d = id(x)
    y = memo.get(d, _nil)
    if y is not _nil:
        return y

    cls = type(x)

    copier = _deepcopy_dispatch.get(cls)
    if copier is not None:
        y = copier(x, memo)
    else:
        if issubclass(cls, type):
            y = _deepcopy_atomic(x, memo)
        else:
            kind = _array_kind(x)
            if kind == 'numpy':
                y = x.copy()
            elif kind == 'jax':
                y = x
            else:
                copier = getattr(x, "__deepcopy__", None)
                if copier is not None:
                    y = copier(memo)
                else:
                    rv = _reductor(x, cls)
                    if isinstance(rv, str):
                        y = x
                    else:
                        y = _reconstruct(x, memo, *rv)
    # If is its own copy, don't memoize.
    if y is not x:
        memo[d] = y
        _keep_alive(x, memo)  # Make sure x lives at least as long as d
    return y


_deepcopy_dispatch = d = {}


def _deepcopy_atomic(x, memo):
    return x


# (a bound method is shared: Sable cannot make one from __func__ and a copied __self__)
for t in (type(None), type(Ellipsis), type(NotImplemented), int, float, bool, bytes, str, type,
          range, types.BuiltinFunctionType, types.FunctionType, weakref.ref, property,
          type(_K().m)):
    d[t] = _deepcopy_atomic


def _deepcopy_list(x, memo, deepcopy=deepcopy):
    y = []
    memo[id(x)] = y
    append = y.append
    for a in x:
        append(deepcopy(a, memo))
    return y


d[list] = _deepcopy_list


def _deepcopy_tuple(x, memo, deepcopy=deepcopy):
    y = [deepcopy(a, memo) for a in x]
    # We're not going to put the tuple in the memo, but it's still important we
    # check for it, in case the tuple contains recursive mutable structures.
    try:
        return memo[id(x)]
    except KeyError:
        pass
    for k, j in zip(x, y):
        if k is not j:
            y = tuple(y)
            break
    else:
        y = x
    return y


d[tuple] = _deepcopy_tuple


def _deepcopy_dict(x, memo, deepcopy=deepcopy):
    y = {}
    memo[id(x)] = y
    for key, value in x.items():
        y[deepcopy(key, memo)] = deepcopy(value, memo)
    return y


d[dict] = _deepcopy_dict

del d, t


def _keep_alive(x, memo):
    try:
        memo[id(memo)].append(x)
    except KeyError:
        # aha, this is the first one :-)
        memo[id(memo)] = [x]


def _reconstruct(x, memo, func, args,
                 state=None, listiter=None, dictiter=None,
                 *, deepcopy=deepcopy):
    deep = memo is not None
    if deep and args:
        args = deepcopy(args, memo)
    y = func(*args)
    if deep:
        memo[id(x)] = y

    if state is not None:
        if deep:
            state = deepcopy(state, memo)
        if hasattr(y, '__setstate__'):
            y.__setstate__(state)
        else:
            if isinstance(state, tuple) and len(state) == 2:
                state, slotstate = state
            else:
                slotstate = None
            if state is not None:
                y.__dict__.update(state)
            if slotstate is not None:
                for key, value in slotstate.items():
                    setattr(y, key, value)

    if listiter is not None:
        if deep:
            for item in listiter:
                item = deepcopy(item, memo)
                y.append(item)
        else:
            for item in listiter:
                y.append(item)
    if dictiter is not None:
        if deep:
            for key, value in dictiter:
                key = deepcopy(key, memo)
                value = deepcopy(value, memo)
                y[key] = value
        else:
            for key, value in dictiter:
                y[key] = value
    return y
