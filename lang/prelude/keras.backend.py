# keras.backend - Keras 3's backend state for the JAX backend: floatx, name uids ("dense",
# "dense_1"), the name-scope stack that gives variable paths, StatelessScope, and keras.Variable.

import re
import numpy as np
import jax
import jax.numpy as jnp

_state = {'floatx': 'float32', 'epsilon': 1e-7, 'image_data_format': 'channels_last',
          'uids': {}}
_scopes = []          # name scopes: (name, caller) pairs
_stateless = []       # active StatelessScope objects


def backend():
    return 'jax'


def floatx():
    return _state['floatx']


def set_floatx(value):
    if value not in ('bfloat16', 'float16', 'float32', 'float64'):
        raise ValueError(f'Unknown `floatx` value: {value}. Expected one of '
                         "{'bfloat16', 'float16', 'float32', 'float64'}")
    _state['floatx'] = value


def epsilon():
    return _state['epsilon']


def set_epsilon(value):
    _state['epsilon'] = value


def image_data_format():
    return _state['image_data_format']


def set_image_data_format(data_format):
    data_format = str(data_format).lower()
    if data_format not in ('channels_first', 'channels_last'):
        raise ValueError("The `data_format` argument must be one of {'channels_first', "
                         f"'channels_last'}}. Received: data_format={data_format}")
    _state['image_data_format'] = data_format


def standardize_data_format(data_format):
    if data_format is None:
        return image_data_format()
    data_format = str(data_format).lower()
    if data_format not in ('channels_first', 'channels_last'):
        raise ValueError("The `data_format` argument must be one of {'channels_first', "
                         f"'channels_last'}}. Received: data_format={data_format}")
    return data_format


def to_snake_case(name):
    name = re.sub(r'\W+', '', name)
    name = re.sub('(.)([A-Z][a-z]+)', r'\1_\2', name)
    name = re.sub('([a-z])([A-Z])', r'\1_\2', name).lower()
    return name


def uniquify(name):
    uids = _state['uids']
    if name in uids:
        out = f'{name}_{uids[name]}'
    else:
        out = name
        uids[name] = 0
    uids[name] += 1
    return out


def auto_name(prefix):
    return uniquify(to_snake_case(prefix))


def get_uid(prefix=''):
    uids = _state['uids']
    uids[prefix] = uids.get(prefix, 0) + 1
    return uids[prefix]


def clear_session(free_memory=True):
    _state['uids'] = {}
    import keras.random as _kr
    _kr._reset_global_generator()


def standardize_dtype(dtype):
    if dtype is None:
        return floatx()
    if hasattr(dtype, 'name') and isinstance(dtype.name, str):
        return dtype.name
    if isinstance(dtype, str):
        return 'float32' if dtype == 'float' else ('int64' if dtype == 'int' else dtype)
    return jnp.dtype(dtype).name


def dtype_bits(dtype):
    name = standardize_dtype(dtype)
    if name == 'bool':
        return 8
    digits = ''.join(c for c in name if c.isdigit())
    return int(digits) if digits else 32


# ---------------------------------------------------------------- name scopes

class name_scope:
    def __init__(self, name, caller=None):
        self.name = name
        self.caller = caller
        self.pushed = False

    def __enter__(self):
        if not (self.caller is not None and _scopes and _scopes[-1][1] is self.caller):
            _scopes.append((self.name, self.caller))
            self.pushed = True
        return self

    def __exit__(self, *exc):
        if self.pushed:
            _scopes.pop()
        return False


def current_path():
    return '/'.join(s[0] for s in _scopes)


# ---------------------------------------------------------------- stateless scope

class StatelessScope:
    def __init__(self, state_mapping=None, collect_losses=False, initialize_variables=True):
        self.mapping = {}
        self.losses = []
        self.collect_losses = collect_losses
        for var, value in (state_mapping or []):
            if not isinstance(var, Variable):
                raise ValueError('Invalid reference variable in StatelessScope: all keys in '
                                 'argument `mapping` must be Variable instances. '
                                 f'Received instead: {var}')
            self.mapping[id(var)] = (var, _to_dtype(value, var.dtype))

    def __enter__(self):
        _stateless.append(self)
        return self

    def __exit__(self, *exc):
        _stateless.pop()
        return False

    def add_update(self, update):
        var, value = update
        self.mapping[id(var)] = (var, value)

    def get_current_value(self, variable):
        got = self.mapping.get(id(variable))
        return None if got is None else got[1]

    def add_loss(self, loss):
        self.losses.append(loss)


def in_stateless_scope():
    return len(_stateless) > 0


def get_stateless_scope():
    return _stateless[-1] if _stateless else None


def _to_dtype(value, dtype):
    if isinstance(value, Variable):
        value = value.value
    a = jnp.asarray(value)
    if a.dtype.name != dtype:
        a = a.astype(dtype)
    return a


# ---------------------------------------------------------------- Variable

class Variable:
    def __init__(self, initializer, shape=None, dtype=None, trainable=True, autocast=True,
                 aggregation='none', synchronization='auto', name=None, **kwargs):
        name = name or auto_name(self.__class__.__name__)
        if not isinstance(name, str) or '/' in name:
            raise ValueError('Argument `name` must be a string and cannot contain character '
                             f'`/`. Received: name={name}')
        self.name = name
        parent = current_path()
        self.path = parent + '/' + name if parent else name
        self.trainable = trainable
        self._autocast = autocast
        self.aggregation = aggregation
        self.regularizer = None
        self.constraint = None
        if callable(initializer) and not hasattr(initializer, 'shape'):
            if shape is None:
                raise ValueError('When creating a Variable from an initializer, the `shape` '
                                 'argument should be specified. Received: '
                                 f'initializer={initializer} and shape={shape}')
            self._dtype = standardize_dtype(dtype)
            self._shape = tuple(int(d) for d in shape)
            self._value = _to_dtype(initializer(self._shape, dtype=self._dtype), self._dtype)
        else:
            if isinstance(initializer, str):
                import keras.initializers as _ki
                init = _ki.get(initializer)
                if shape is None:
                    raise ValueError('When creating a Variable from an initializer, the '
                                     '`shape` argument should be specified.')
                self._dtype = standardize_dtype(dtype)
                self._shape = tuple(int(d) for d in shape)
                self._value = _to_dtype(init(self._shape, dtype=self._dtype), self._dtype)
            else:
                a = jnp.asarray(initializer.value if isinstance(initializer, Variable)
                                else initializer)
                self._dtype = standardize_dtype(dtype) if dtype is not None else (
                    floatx() if a.dtype.name.startswith('float') else a.dtype.name)
                self._value = _to_dtype(a, self._dtype)
                self._shape = tuple(self._value.shape)
                if shape is not None and tuple(shape) != self._shape:
                    raise ValueError(f'Initial value has shape {self._shape}, but the '
                                     f'`shape` argument is {tuple(shape)}.')

    @property
    def value(self):
        sc = get_stateless_scope()
        if sc is not None:
            v = sc.get_current_value(self)
            if v is not None:
                return v
        return self._value

    def assign(self, value):
        value = _to_dtype(value, self._dtype)
        if tuple(value.shape) != self._shape:
            raise ValueError('The shape of the target variable and the shape of the target '
                             'value in `variable.assign(value)` must match. '
                             f'variable.shape={self._shape}, Received: '
                             f'value.shape={tuple(value.shape)}. Target variable: {self}')
        sc = get_stateless_scope()
        if sc is not None:
            sc.add_update((self, value))
        else:
            self._value = value
        return value

    def assign_add(self, value):
        return self.assign(self.value + _unwrap(value))

    def assign_sub(self, value):
        return self.assign(self.value - _unwrap(value))

    @property
    def shape(self):
        return self._shape

    @property
    def dtype(self):
        return self._dtype

    @property
    def ndim(self):
        return len(self._shape)

    def numpy(self):
        return np.asarray(self.value)

    def __array__(self, dtype=None):
        a = np.asarray(self.value)
        return a if dtype is None else a.astype(dtype)

    def __repr__(self):
        v = ''
        if self._value is not None:
            try:
                v = f', value={np.asarray(self._value)}'
            except Exception:
                v = ''
        return f'<Variable path={self.path}, shape={self._shape}, dtype={self._dtype}{v}>'

    def __bool__(self):
        raise TypeError('A Keras Variable cannot be used as a boolean.')

    def __len__(self):
        return self._shape[0]

    def __getitem__(self, idx):
        return self.value[idx]

    def __int__(self):
        return int(self.value)

    def __float__(self):
        return float(self.value)

    def __neg__(self):
        return -self.value

    def __pos__(self):
        return self.value

    def __abs__(self):
        return jnp.abs(self.value)

    def __add__(self, o):
        return self.value + _unwrap(o)

    def __radd__(self, o):
        return _unwrap(o) + self.value

    def __sub__(self, o):
        return self.value - _unwrap(o)

    def __rsub__(self, o):
        return _unwrap(o) - self.value

    def __mul__(self, o):
        return self.value * _unwrap(o)

    def __rmul__(self, o):
        return _unwrap(o) * self.value

    def __truediv__(self, o):
        return self.value / _unwrap(o)

    def __rtruediv__(self, o):
        return _unwrap(o) / self.value

    def __floordiv__(self, o):
        return self.value // _unwrap(o)

    def __mod__(self, o):
        return self.value % _unwrap(o)

    def __pow__(self, o):
        return self.value ** _unwrap(o)

    def __rpow__(self, o):
        return _unwrap(o) ** self.value

    def __matmul__(self, o):
        return jnp.matmul(self.value, _unwrap(o))

    def __rmatmul__(self, o):
        return jnp.matmul(_unwrap(o), self.value)

    def __lt__(self, o):
        return self.value < _unwrap(o)

    def __le__(self, o):
        return self.value <= _unwrap(o)

    def __gt__(self, o):
        return self.value > _unwrap(o)

    def __ge__(self, o):
        return self.value >= _unwrap(o)

    @property
    def T(self):
        return self.value.T


def _unwrap(x):
    return x.value if isinstance(x, Variable) else x


def convert_to_tensor(x, dtype=None, sparse=None, ragged=None):
    x = _unwrap(x)
    if dtype is not None:
        return jnp.asarray(x, dtype=standardize_dtype(dtype))
    return jnp.asarray(x)


def convert_to_numpy(x):
    return np.asarray(_unwrap(x))


def is_keras_tensor(x):
    import keras._layer as _kl
    return isinstance(x, _kl.KerasTensor)


def int_shape(x):
    return tuple(_unwrap(x).shape)


def count_params(x):
    return int(np.prod(int_shape(x)))
