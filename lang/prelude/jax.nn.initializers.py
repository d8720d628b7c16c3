# jax.nn.initializers - parameter initialisers: init(key, shape, dtype=float32), with JAX's
# variance-scaling formulas so that the same key gives the same weights as JAX.

import math
import jax.numpy as jnp
from jax import random


def zeros(key, shape, dtype=jnp.float32):
    return jnp.zeros(shape, dtype)


def ones(key, shape, dtype=jnp.float32):
    return jnp.ones(shape, dtype)


def constant(value, dtype=jnp.float32):
    def init(key, shape, dtype=dtype):
        return jnp.full(shape, value, dtype=dtype)
    return init


def normal(stddev=1e-2, dtype=jnp.float32):
    def init(key, shape, dtype=dtype):
        return random.normal(key, shape, dtype) * jnp.array(stddev, dtype)
    return init


def uniform(scale=1e-2, dtype=jnp.float32):
    def init(key, shape, dtype=dtype):
        return random.uniform(key, shape, dtype) * jnp.array(scale, dtype)
    return init


def truncated_normal(stddev=1e-2, dtype=jnp.float32, lower=-2.0, upper=2.0):
    def init(key, shape, dtype=dtype):
        return random.truncated_normal(key, lower, upper, shape, dtype) * jnp.array(stddev, dtype)
    return init


def _compute_fans(shape, in_axis=-2, out_axis=-1, batch_axis=()):
    if len(shape) <= 1:
        raise ValueError("Can't compute input and output sizes of a %d-dimensional weights "
                         "tensor. Must be at least 2D." % len(shape))
    in_axes = in_axis if isinstance(in_axis, (tuple, list)) else (in_axis,)
    out_axes = out_axis if isinstance(out_axis, (tuple, list)) else (out_axis,)
    b_axes = batch_axis if isinstance(batch_axis, (tuple, list)) else (batch_axis,)
    in_size = 1
    for a in in_axes:
        in_size *= shape[a]
    out_size = 1
    for a in out_axes:
        out_size *= shape[a]
    batch_size = 1
    for a in b_axes:
        batch_size *= shape[a]
    total = 1
    for s in shape:
        total *= s
    receptive = total / in_size / out_size / batch_size
    return in_size * receptive, out_size * receptive


def variance_scaling(scale, mode, distribution, in_axis=-2, out_axis=-1, batch_axis=(),
                     dtype=jnp.float32):
    def init(key, shape, dtype=dtype):
        shape = tuple(shape) if isinstance(shape, (tuple, list)) else (shape,)
        fan_in, fan_out = _compute_fans(shape, in_axis, out_axis, batch_axis)
        if mode == "fan_in":
            denominator = fan_in
        elif mode == "fan_out":
            denominator = fan_out
        elif mode == "fan_avg":
            denominator = (fan_in + fan_out) / 2
        else:
            raise ValueError("invalid mode for variance scaling initializer: %s" % mode)
        variance = jnp.array(scale / denominator, dtype=dtype)
        if distribution == "truncated_normal":
            stddev = jnp.sqrt(variance) / jnp.array(0.87962566103423978, dtype)
            return random.truncated_normal(key, -2, 2, shape, dtype) * stddev
        if distribution == "normal":
            return random.normal(key, shape, dtype) * jnp.sqrt(variance)
        if distribution == "uniform":
            return random.uniform(key, shape, dtype, -1) * jnp.sqrt(3 * variance)
        raise ValueError("invalid distribution for variance scaling initializer: %s" % distribution)
    return init


def glorot_uniform(in_axis=-2, out_axis=-1, batch_axis=(), dtype=jnp.float32):
    return variance_scaling(1.0, "fan_avg", "uniform", in_axis, out_axis, batch_axis, dtype)


def glorot_normal(in_axis=-2, out_axis=-1, batch_axis=(), dtype=jnp.float32):
    return variance_scaling(1.0, "fan_avg", "truncated_normal", in_axis, out_axis, batch_axis, dtype)


def lecun_uniform(in_axis=-2, out_axis=-1, batch_axis=(), dtype=jnp.float32):
    return variance_scaling(1.0, "fan_in", "uniform", in_axis, out_axis, batch_axis, dtype)


def lecun_normal(in_axis=-2, out_axis=-1, batch_axis=(), dtype=jnp.float32):
    return variance_scaling(1.0, "fan_in", "truncated_normal", in_axis, out_axis, batch_axis, dtype)


def he_uniform(in_axis=-2, out_axis=-1, batch_axis=(), dtype=jnp.float32):
    return variance_scaling(2.0, "fan_in", "uniform", in_axis, out_axis, batch_axis, dtype)


def he_normal(in_axis=-2, out_axis=-1, batch_axis=(), dtype=jnp.float32):
    return variance_scaling(2.0, "fan_in", "truncated_normal", in_axis, out_axis, batch_axis, dtype)


xavier_uniform = glorot_uniform
xavier_normal = glorot_normal
kaiming_uniform = he_uniform
kaiming_normal = he_normal


def orthogonal(scale=1.0, column_axis=-1, dtype=jnp.float32):
    # as jax.random.orthogonal: QR of a normal (max, min) matrix, columns signed by diag(R)
    def init(key, shape, dtype=dtype):
        shape = tuple(shape)
        if len(shape) < 2:
            raise ValueError('orthogonal initializer requires at least a 2D shape')
        if any(d == 0 for d in shape):
            return jnp.zeros(shape, dtype)
        n_cols = shape[column_axis]
        n_rows = math.prod(shape) // n_cols
        z = random.normal(key, (max(n_rows, n_cols), min(n_rows, n_cols)), dtype)
        q, r = jnp.linalg.qr(z)
        q = q * jnp.expand_dims(jnp.sign(jnp.diagonal(r)), -2)
        if n_rows < n_cols:
            q = q.T
        ax = column_axis % len(shape)
        rest = tuple(d for i, d in enumerate(shape) if i != ax)
        q = jnp.moveaxis(jnp.reshape(q, rest + (n_cols,)), -1, ax)
        return jnp.array(scale, dtype) * q
    return init
