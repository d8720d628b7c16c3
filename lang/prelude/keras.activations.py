# keras.activations - Keras 3's activation functions (by name or callable) over jax.nn, with
# Keras's defaults (gelu exact, leaky_relu slope 0.2), op nodes on KerasTensors, get/serialize.

import jax
import jax.numpy as jnp
import jax.nn as _nn
import keras.backend as _kb


def _a(x):
    return jnp.asarray(_kb._unwrap(x))


def relu(x, negative_slope=0.0, max_value=None, threshold=0.0):
    x = _a(x)
    if negative_slope == 0.0 and max_value is None and threshold == 0.0:
        return _nn.relu(x)
    if threshold != 0.0:
        neg = -negative_slope * (x - threshold) if negative_slope != 0.0 else None
        y = jnp.where(x > threshold, x, jnp.zeros_like(x))
    else:
        neg = -negative_slope * _nn.relu(-x) if negative_slope != 0.0 else None
        y = _nn.relu(x)
    if max_value is not None:
        y = jnp.clip(y, 0.0, max_value)
    if neg is not None:
        if threshold != 0.0:
            y = jnp.where(x > threshold, y, -neg)
        else:
            y = y + neg
    return y


def leaky_relu(x, negative_slope=0.2):
    return _nn.leaky_relu(_a(x), negative_slope=negative_slope)


def relu6(x):
    return _nn.relu6(_a(x))


def softmax(x, axis=-1):
    return _nn.softmax(_a(x), axis=axis)


def log_softmax(x, axis=-1):
    return _nn.log_softmax(_a(x), axis=axis)


def elu(x, alpha=1.0):
    return _nn.elu(_a(x), alpha=alpha)


def celu(x, alpha=1.0):
    return _nn.celu(_a(x), alpha=alpha)


def selu(x):
    return _nn.selu(_a(x))


def softplus(x):
    return _nn.softplus(_a(x))


def softsign(x):
    return _nn.soft_sign(_a(x))


def silu(x):
    return _nn.silu(_a(x))


swish = silu


def gelu(x, approximate=False):
    return _nn.gelu(_a(x), approximate=approximate)


def glu(x, axis=-1):
    return _nn.glu(_a(x), axis=axis)


def tanh(x):
    return jnp.tanh(_a(x))


def tanh_shrink(x):
    x = _a(x)
    return x - jnp.tanh(x)


def sigmoid(x):
    return _nn.sigmoid(_a(x))


def exponential(x):
    return jnp.exp(_a(x))


def hard_sigmoid(x):
    return _nn.hard_sigmoid(_a(x))


def hard_silu(x):
    x = _a(x)
    return x * _nn.hard_sigmoid(x)


hard_swish = hard_silu


def hard_tanh(x):
    return jnp.clip(_a(x), -1.0, 1.0)


def linear(x):
    return x


def mish(x):
    x = _a(x)
    return x * jnp.tanh(_nn.softplus(x))


def log_sigmoid(x):
    return _nn.log_sigmoid(_a(x))


def squareplus(x, b=4):
    x = _a(x)
    return (x + jnp.sqrt(x * x + b)) / 2


def soft_shrink(x, threshold=0.5):
    x = _a(x)
    return jnp.where(x > threshold, x - threshold,
                     jnp.where(x < -threshold, x + threshold, jnp.zeros_like(x)))


def hard_shrink(x, threshold=0.5):
    x = _a(x)
    return jnp.where(jnp.abs(x) > threshold, x, jnp.zeros_like(x))


def threshold(x, threshold, default_value):
    x = _a(x)
    return jnp.where(x > threshold, x, default_value)


# on a KerasTensor an activation is one op node, named as Keras names it (relu -> re_lu (ReLU))
_OP_CLASSES = {'relu': 'ReLU', 'relu6': 'Relu6', 'sigmoid': 'Sigmoid', 'tanh': 'Tanh',
               'softplus': 'Softplus', 'softsign': 'Softsign', 'silu': 'Silu', 'elu': 'Elu',
               'selu': 'Selu', 'gelu': 'Gelu', 'softmax': 'Softmax', 'log_softmax': 'LogSoftmax',
               'exponential': 'Exp', 'hard_sigmoid': 'HardSigmoid', 'leaky_relu': 'LeakyRelu',
               'celu': 'Celu', 'glu': 'Glu', 'hard_tanh': 'HardTanh', 'tanh_shrink': 'TanhShrink',
               'squareplus': 'Squareplus', 'soft_shrink': 'SoftShrink'}


def _symbolic_activation(f, cls):
    def g(x, *args, **kwargs):
        import keras.ops as _ops
        if _ops._symbolic((x,) + args, kwargs):
            return _ops._op_node(f.__name__, f, (x,) + args, kwargs, cls=cls)
        return f(x, *args, **kwargs)
    g.__name__ = f.__name__
    g.__qualname__ = f.__name__
    g.__doc__ = f.__doc__
    return g


for _name, _cls in _OP_CLASSES.items():
    globals()[_name] = _symbolic_activation(globals()[_name], _cls)
swish = silu


_ALL = {f.__name__: f for f in (relu, leaky_relu, relu6, softmax, celu, elu, selu, softplus,
                                softsign, silu, gelu, glu, tanh, tanh_shrink, threshold, sigmoid,
                                exponential, hard_sigmoid, hard_silu, hard_tanh, hard_shrink,
                                linear, mish, log_softmax, log_sigmoid, squareplus, soft_shrink)}
_ALL['swish'] = silu
_ALL['hard_swish'] = hard_silu


def serialize(activation):
    name = getattr(activation, '__name__', None)
    if name in _ALL and _ALL[name] is activation:
        return name
    if name == 'silu' or name == 'hard_silu':
        return name
    if hasattr(activation, 'get_config'):
        return {'module': type(activation).__module__, 'class_name': type(activation).__name__,
                'config': activation.get_config(), 'registered_name': None}
    return name


def deserialize(config, custom_objects=None):
    if isinstance(config, str):
        return get(config)
    raise ValueError(f'Could not interpret activation function identifier: {config}')


def get(identifier):
    if identifier is None:
        return linear
    if isinstance(identifier, str):
        f = _ALL.get(identifier)
        if f is None:
            raise ValueError(f'Could not interpret activation function identifier: {identifier}')
        return f
    if isinstance(identifier, dict):
        return deserialize(identifier.get('config', identifier))
    if callable(identifier):
        return identifier
    raise ValueError(f'Could not interpret activation function identifier: {identifier}')
