# jax.nn - activation functions, softmax and one_hot, written in Sable so that every
# transformation (grad, vmap, jit) applies to them.

import jax.numpy as jnp
from jax import lax
from sable.transforms import custom_jvp as _custom_jvp
import jax.nn.initializers as initializers
from jax.scipy.special import logsumexp


def _sg(x):
    f = getattr(lax, "stop_gradient", None)
    return f(x) if f is not None else x


# As JAX: the derivative is 0 at the kinks (relu'(0) = 0, relu6'(0) = relu6'(6) = 0), not the
# 0.5 that max/min's balanced rule would give.
@_custom_jvp
def relu(x):
    return jnp.maximum(x, 0)


@relu.defjvp
def _relu_jvp(primals, tangents):
    x, = primals
    g, = tangents
    return relu(x), lax.select(x > 0, g, jnp.zeros_like(g))


@_custom_jvp
def relu6(x):
    return jnp.minimum(jnp.maximum(x, 0), 6.0)


@relu6.defjvp
def _relu6_jvp(primals, tangents):
    x, = primals
    g, = tangents
    return relu6(x), lax.select((x > 0) & (x < 6), g, jnp.zeros_like(g))


def sigmoid(x):
    return lax.logistic(x)


def hard_sigmoid(x):
    return relu6(x + 3.0) / 6.0


def softplus(x):
    return jnp.logaddexp(x, 0)


def soft_sign(x):
    return x / (jnp.abs(x) + 1)


def log_sigmoid(x):
    return -softplus(-x)


def silu(x):
    return x * sigmoid(x)


swish = silu


def hard_silu(x):
    return x * hard_sigmoid(x)


hard_swish = hard_silu


def gelu(x, approximate=True):
    x = jnp.asarray(x)
    if not jnp.issubdtype(x.dtype, jnp.floating):
        x = x.astype(jnp.result_type(float))
    if approximate:
        c = jnp.sqrt(2 / jnp.pi).astype(x.dtype)
        cdf = 0.5 * (1.0 + jnp.tanh(c * (x + 0.044715 * (x ** 3))))
        return x * cdf
    sqrt_half = jnp.sqrt(0.5).astype(x.dtype)
    return 0.5 * x * lax.erfc(-x * sqrt_half)


def elu(x, alpha=1.0):
    x = jnp.asarray(x)
    return jnp.where(x > 0, x, alpha * jnp.expm1(jnp.where(x > 0, 0.0, x)))


def celu(x, alpha=1.0):
    return jnp.maximum(x, 0.0) + alpha * jnp.expm1(jnp.minimum(x, 0.0) / alpha)


def selu(x):
    alpha = 1.6732632423543772848170429916717
    scale = 1.0507009873554804934193349852946
    return scale * elu(x, alpha)


def leaky_relu(x, negative_slope=0.01):
    x = jnp.asarray(x)
    return jnp.where(x >= 0, x, negative_slope * x)


def hard_tanh(x):
    return jnp.where(x > 1, 1, jnp.where(x < -1, -1, x))


def tanh(x):
    return jnp.tanh(x)


def glu(x, axis=-1):
    a, b = jnp.split(x, 2, axis=axis)
    return a * sigmoid(b)


def softmax(x, axis=-1, where=None, initial=None):
    x = jnp.asarray(x)
    x_max = jnp.max(x, axis, keepdims=True, initial=-jnp.inf if where is not None else None,
                    where=where)
    x_max = jnp.where(jnp.isfinite(x_max), x_max, 0.0) if where is not None else x_max
    unnormalized = jnp.exp(x - _sg(x_max))
    if where is not None:
        unnormalized = jnp.where(where, unnormalized, 0.0)
    result = unnormalized / jnp.sum(unnormalized, axis, keepdims=True)
    if where is not None:
        result = jnp.where(where, result, 0.0)
    return result


def log_softmax(x, axis=-1, where=None, initial=None):
    x = jnp.asarray(x)
    x_max = jnp.max(x, axis, keepdims=True)
    shifted = x - _sg(x_max)
    return shifted - jnp.log(jnp.sum(jnp.exp(shifted), axis, keepdims=True))


def standardize(x, axis=-1, mean=None, variance=None, epsilon=1e-5, where=None):
    x = jnp.asarray(x)
    if mean is None:
        mean = jnp.mean(x, axis, keepdims=True, where=where)
    if variance is None:
        variance = jnp.mean(jnp.square(x), axis, keepdims=True, where=where) - jnp.square(mean)
    return (x - mean) * lax.rsqrt(variance + epsilon)


normalize = standardize


def one_hot(x, num_classes, dtype=None, axis=-1):
    x = jnp.asarray(x)
    if dtype is None:
        dtype = jnp.float32
    lhs = jnp.expand_dims(x, axis)
    shape = [1] * lhs.ndim
    if not -lhs.ndim <= axis < lhs.ndim:
        raise ValueError("axis %d is out of bounds for array of dimension %d" % (axis, lhs.ndim))
    ax = axis % lhs.ndim
    shape[ax] = num_classes
    rhs = jnp.arange(num_classes).reshape(tuple(shape))
    return (lhs == rhs).astype(dtype)
