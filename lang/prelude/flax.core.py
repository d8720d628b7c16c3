# flax.core - FrozenDict (an immutable mapping that is a pytree), freeze/unfreeze/copy/pop,
# as flax.core.frozen_dict defines them.

from jax import tree_util


def _indent(x, num_spaces):
    return '\n'.join(' ' * num_spaces + ln if ln else ln for ln in x.split('\n'))


def _pretty(x, num_spaces=4):
    if not isinstance(x, dict) and not isinstance(x, FrozenDict):
        return repr(x)
    items = x.items()
    if not items:
        return '{}'
    rep = ''
    for key, val in items:
        rep += f'{key!r}: {_pretty(val, num_spaces)},\n'
    return '{\n' + _indent(rep, num_spaces) + '}'


class FrozenDict:
    def __init__(self, *args, __unsafe_skip_copy__=False, **kwargs):
        xs = dict(*args, **kwargs)
        if __unsafe_skip_copy__:
            self._dict = xs
        else:
            self._dict = _prepare_freeze(xs)
        self._hash = None

    def __getitem__(self, key):
        v = self._dict[key]
        if isinstance(v, dict):
            return FrozenDict(v)
        return v

    def __setitem__(self, key, value):
        raise ValueError('FrozenDict is immutable.')

    def __contains__(self, key):
        return key in self._dict

    def __iter__(self):
        return iter(self._dict)

    def __len__(self):
        return len(self._dict)

    def __repr__(self):
        return self.pretty_repr()

    def pretty_repr(self, num_spaces=4):
        return 'FrozenDict(' + _pretty(self._dict, num_spaces) + ')'

    def __eq__(self, other):
        if isinstance(other, FrozenDict):
            return self._dict == other._dict
        return self._dict == other

    def get(self, key, default=None):
        if key in self._dict:
            return self[key]
        return default

    def keys(self):
        return self._dict.keys()

    def values(self):
        return [self[k] for k in self._dict]

    def items(self):
        return [(k, self[k]) for k in self._dict]

    def copy(self, add_or_replace={}):
        return type(self)({**self._dict, **unfreeze(add_or_replace)})

    def pop(self, key):
        value = self[key]
        new_dict = dict(self._dict)
        new_dict.pop(key)
        return FrozenDict(new_dict), value

    def unfreeze(self):
        return unfreeze(self)


def _prepare_freeze(xs):
    if isinstance(xs, FrozenDict):
        return xs._dict
    if not isinstance(xs, dict):
        return xs
    return {key: _prepare_freeze(val) for key, val in xs.items()}


def _fd_flatten(fd):
    keys = sorted(fd._dict.keys())
    return [fd._dict[k] for k in keys], tuple(keys)


def _fd_unflatten(keys, values):
    return FrozenDict(dict(zip(keys, values)), __unsafe_skip_copy__=True)


tree_util.register_pytree_node(FrozenDict, _fd_flatten, _fd_unflatten)


def freeze(xs):
    return FrozenDict(xs)


def unfreeze(x):
    if isinstance(x, FrozenDict):
        return {k: unfreeze(v) for k, v in x._dict.items()}
    if isinstance(x, dict):
        return {k: unfreeze(v) for k, v in x.items()}
    return x


def copy(x, add_or_replace={}):
    if isinstance(x, FrozenDict):
        return x.copy(add_or_replace)
    new = dict(x)
    new.update(add_or_replace)
    return new


def pop(x, key):
    if isinstance(x, FrozenDict):
        return x.pop(key)
    new = dict(x)
    value = new.pop(key)
    return new, value


def pretty_repr(x, num_spaces=4):
    if isinstance(x, FrozenDict):
        return x.pretty_repr(num_spaces)
    return _pretty(x, num_spaces)
