# keras.ops - Keras 3's backend-agnostic ops on the JAX backend: the jax.numpy functions (Variables
# unwrapped), the nn ops (relu, softmax, conv, pools) and a few of Keras's own (cast, convert_to_numpy);
# on KerasTensors each makes an operation node (Keras's Operation classes: Add, Relu, Mean...).

import sys as _sys
import jax
import jax.numpy as jnp
import jax.nn as _nn
from jax import lax
import keras.backend as _kb


def _u(x):
    return _kb._unwrap(x)


# Keras's Operation class of an op is its name in CamelCase but for these
_OP_CLASS = {'abs': 'Absolute', 'swish': 'Silu', 'conj': 'Conjugate'}


def _symbolic(args, kwargs):
    kl = _sys.modules.get('keras._layer')
    return kl is not None and kl._any_symbolic(args, kwargs)


def _op_node(name, f, args, kwargs, cls=None):
    import keras._layers_core as _lc
    kl = _sys.modules['keras._layer']
    cls = cls or _OP_CLASS.get(name) or ''.join(p[:1].upper() + p[1:] for p in name.split('_'))

    def run(*a, **k):
        return f(*[_kb._unwrap(x) for x in a], **{n: _kb._unwrap(v) for n, v in k.items()})
    # constant keyword arguments belong to the op (Keras: Mean(axis=...)), tensors to the node
    consts = {k: v for k, v in kwargs.items() if not kl._any_symbolic((v,), {})}
    tensors = {k: v for k, v in kwargs.items() if k not in consts}
    return _lc._Lambda(run, cls, op_config=consts)(*args, **tensors)


def _wrap(f, name=None):
    name = name or getattr(f, '__name__', 'op')

    def g(*args, **kwargs):
        if _symbolic(args, kwargs):
            return _op_node(name, f, args, kwargs)
        return f(*[_u(a) for a in args], **{k: _u(v) for k, v in kwargs.items()})
    g.__name__ = name
    return g


def _symbolic_op(f):
    # an op written here: on KerasTensors it becomes an operation node named after it
    def g(*args, **kwargs):
        if _symbolic(args, kwargs):
            return _op_node(f.__name__, f, args, kwargs)
        return f(*args, **kwargs)
    g.__name__ = f.__name__
    g.__doc__ = f.__doc__
    return g


for _name in ('abs', 'absolute', 'add', 'all', 'any', 'arange', 'arccos', 'arcsin', 'arctan',
              'arctan2', 'argmax', 'argmin', 'argsort', 'array', 'broadcast_to', 'ceil', 'clip',
              'concatenate', 'cos', 'cosh', 'cumprod', 'cumsum', 'diag', 'diagonal', 'divide',
              'dot', 'einsum', 'equal', 'exp', 'expand_dims', 'eye', 'floor', 'full',
              'full_like', 'greater', 'greater_equal', 'isfinite', 'isinf', 'isnan', 'less',
              'less_equal', 'linspace', 'log', 'log1p', 'log2', 'logaddexp', 'logical_and',
              'logical_not', 'logical_or', 'matmul', 'max', 'maximum', 'mean', 'median', 'min',
              'minimum', 'mod', 'moveaxis', 'multiply', 'negative', 'not_equal', 'ones',
              'ones_like', 'outer', 'pad', 'power', 'prod', 'reciprocal', 'repeat', 'reshape',
              'round', 'sign', 'sin', 'sinh', 'sort', 'split', 'sqrt', 'square', 'squeeze',
              'stack', 'std', 'subtract', 'sum', 'swapaxes', 'take', 'take_along_axis', 'tan',
              'tanh', 'tensordot', 'tile', 'trace', 'transpose', 'tril', 'triu', 'true_divide',
              'var', 'vstack', 'hstack', 'where', 'zeros', 'zeros_like', 'floor_divide',
              'exp2', 'expm1', 'flip', 'roll', 'count_nonzero', 'nan_to_num', 'average',
              'meshgrid', 'triu', 'logical_xor', 'copy', 'conj', 'real', 'imag', 'ravel',
              'size', 'shape', 'ndim', 'vdot', 'inner', 'cross', 'bincount', 'digitize',
              'quantile', 'unique'):
    if hasattr(jnp, _name):
        globals()[_name] = _wrap(getattr(jnp, _name), _name)

for _name in ('relu', 'relu6', 'sigmoid', 'softplus', 'silu', 'swish', 'log_sigmoid',
              'leaky_relu', 'hard_sigmoid', 'elu', 'selu', 'celu', 'glu', 'softmax',
              'log_softmax', 'one_hot', 'logsumexp', 'hard_tanh'):
    if hasattr(_nn, _name):
        globals()[_name] = _wrap(getattr(_nn, _name), _name)


def shape(x):
    # a KerasTensor's static shape, as Keras (no node)
    kl = _sys.modules.get('keras._layer')
    if kl is not None and isinstance(x, kl.KerasTensor):
        return tuple(x.shape)
    return jnp.shape(_u(x))


@_symbolic_op
def gelu(x, approximate=True):
    return _nn.gelu(_u(x), approximate=approximate)


@_symbolic_op
def softsign(x):
    return _nn.soft_sign(_u(x))


@_symbolic_op
def cast(x, dtype):
    return jnp.asarray(_u(x)).astype(_kb.standardize_dtype(dtype))


def convert_to_tensor(x, dtype=None, sparse=None, ragged=None):
    return _kb.convert_to_tensor(x, dtype)


def convert_to_numpy(x):
    return _kb.convert_to_numpy(x)


@_symbolic_op
def stop_gradient(x):
    return lax.stop_gradient(_u(x))


@_symbolic_op
def norm(x, ord=None, axis=None, keepdims=False):
    return jnp.linalg.norm(_u(x), ord=ord, axis=axis, keepdims=keepdims)


def qr(x, mode='reduced'):
    return jnp.linalg.qr(_u(x), mode=mode)


def top_k(x, k, sorted=True):
    return lax.top_k(_u(x), k)


@_symbolic_op
def rsqrt(x):
    return lax.rsqrt(_u(x))


@_symbolic_op
def erf(x):
    return lax.erf(_u(x))


def sparse_categorical_crossentropy(target, output, from_logits=False, axis=-1):
    output = _u(output)
    target = jnp.asarray(_u(target)).astype('int32')
    if from_logits:
        logp = _nn.log_softmax(output, axis=axis)
    else:
        output = output / jnp.sum(output, axis=axis, keepdims=True)
        logp = jnp.log(jnp.clip(output, _kb.epsilon(), 1.0 - _kb.epsilon()))
    oh = _nn.one_hot(target, output.shape[axis], axis=axis)
    return -jnp.sum(oh * logp, axis=axis)


def categorical_crossentropy(target, output, from_logits=False, axis=-1):
    output = _u(output)
    target = jnp.asarray(_u(target))
    if from_logits:
        logp = _nn.log_softmax(output, axis=axis)
    else:
        output = output / jnp.sum(output, axis=axis, keepdims=True)
        logp = jnp.log(jnp.clip(output, _kb.epsilon(), 1.0 - _kb.epsilon()))
    return -jnp.sum(target * logp, axis=axis)


def binary_crossentropy(target, output, from_logits=False):
    output = _u(output)
    target = jnp.asarray(_u(target))
    if from_logits:
        log_p = _nn.log_sigmoid(output)
        log_not_p = _nn.log_sigmoid(-output)
        return -target * log_p - (1 - target) * log_not_p
    output = jnp.clip(output, _kb.epsilon(), 1.0 - _kb.epsilon())
    return -target * jnp.log(output) - (1 - target) * jnp.log(1 - output)


def moments(x, axes, keepdims=False, synchronized=False):
    x = _u(x)
    mean = jnp.mean(x, axis=tuple(axes), keepdims=True)
    var = jnp.var(x, axis=tuple(axes), keepdims=True)
    if not keepdims:
        mean = jnp.squeeze(mean, axis=tuple(axes))
        var = jnp.squeeze(var, axis=tuple(axes))
    return mean, var


def vectorized_map(function, elements):
    return jax.vmap(function)(elements)


def cond(pred, true_fn, false_fn):
    return lax.cond(pred, true_fn, false_fn)


def fori_loop(lower, upper, body_fun, init_val):
    return lax.fori_loop(lower, upper, body_fun, init_val)


def scan(f, init, xs=None, length=None, reverse=False, unroll=1):
    return lax.scan(f, init, xs, length=length, reverse=reverse)


def while_loop(cond, body, loop_vars, maximum_iterations=None):
    return lax.while_loop(cond, body, loop_vars)
