# keras.regularizers - Keras 3's weight regularizers (L1, L2, L1L2, OrthogonalRegularizer) as
# callables on a weight value, with get/serialize.

import jax.numpy as jnp
import keras.backend as _kb


class Regularizer:
    def __call__(self, x):
        return 0.0

    def get_config(self):
        raise NotImplementedError(f'{self} does not implement get_config()')

    @classmethod
    def from_config(cls, config):
        return cls(**config)


class L1L2(Regularizer):
    def __init__(self, l1=0.0, l2=0.0):
        self.l1 = float(0.0 if l1 is None else l1)
        self.l2 = float(0.0 if l2 is None else l2)

    def __call__(self, x):
        x = _kb._unwrap(x)
        r = 0.0
        if self.l1:
            r = r + self.l1 * jnp.sum(jnp.abs(x))
        if self.l2:
            r = r + self.l2 * jnp.sum(jnp.square(x))
        return jnp.asarray(r, dtype=_kb.floatx())

    def get_config(self):
        return {'l1': self.l1, 'l2': self.l2}


class L1(Regularizer):
    def __init__(self, l1=0.01):
        self.l1 = float(0.01 if l1 is None else l1)

    def __call__(self, x):
        return self.l1 * jnp.sum(jnp.abs(_kb._unwrap(x)))

    def get_config(self):
        return {'l1': self.l1}


class L2(Regularizer):
    def __init__(self, l2=0.01):
        self.l2 = float(0.01 if l2 is None else l2)

    def __call__(self, x):
        return self.l2 * jnp.sum(jnp.square(_kb._unwrap(x)))

    def get_config(self):
        return {'l2': self.l2}


class OrthogonalRegularizer(Regularizer):
    def __init__(self, factor=0.01, mode='rows'):
        self.factor = factor
        self.mode = mode

    def __call__(self, x):
        x = _kb._unwrap(x)
        if self.mode == 'columns':
            x = x.T
        x = x / jnp.maximum(jnp.linalg.norm(x, axis=1, keepdims=True), 1e-12)
        prod = x @ x.T
        n = prod.shape[0]
        size = n * (n - 1)
        return self.factor * 0.5 * jnp.sum(jnp.abs(prod * (1 - jnp.eye(n)))) / size

    def get_config(self):
        return {'factor': self.factor, 'mode': self.mode}


l1, l2, l1_l2, orthogonal_regularizer = L1, L2, L1L2, OrthogonalRegularizer
_ALL = {'L1': L1, 'L2': L2, 'L1L2': L1L2, 'OrthogonalRegularizer': OrthogonalRegularizer,
        'l1': L1, 'l2': L2, 'l1_l2': L1L2, 'orthogonal_regularizer': OrthogonalRegularizer}


def serialize(regularizer):
    if regularizer is None:
        return None
    return {'module': 'keras.regularizers', 'class_name': regularizer.__class__.__name__,
            'config': regularizer.get_config(), 'registered_name': None}


def deserialize(config, custom_objects=None):
    cls = _ALL.get(config['class_name'])
    if cls is None:
        raise ValueError(f'Could not interpret regularizer identifier: {config}')
    return cls.from_config(config.get('config', {}))


def get(identifier):
    if identifier is None:
        return None
    if isinstance(identifier, dict):
        return deserialize(identifier)
    if isinstance(identifier, str):
        cls = _ALL.get(identifier)
        if cls is None:
            raise ValueError(f'Could not interpret regularizer identifier: {identifier}')
        return cls()
    if callable(identifier):
        return identifier
    raise ValueError(f'Could not interpret regularizer identifier: {identifier}')
