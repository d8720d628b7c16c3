# sable._laxextra - jax.lax names written in Sable (lang/array/mod_jax.c re-exports them into
# jax.lax): the Precision enum, and conv/batch_matmul over conv_general_dilated/dot_general.
# Precision has no effect on CPU (as in XLA, where it only selects TPU/GPU passes).
import enum


class Precision(enum.Enum):
    """Precision enum for lax matrix multiply related functions (no effect on CPU)."""
    DEFAULT = 0
    HIGH = 1
    HIGHEST = 2

    @classmethod
    def _missing_(cls, value):
        return _precision_strings.get(value)

    def __repr__(self):
        return f'{self.__class__.__name__}.{self.name}'

    def __str__(self):
        return self.name


Precision.__module__ = 'jax._src.lax.lax'
_precision_strings = {'highest': Precision.HIGHEST, 'float32': Precision.HIGHEST, 'high': Precision.HIGH,
                      'bfloat16_3x': Precision.HIGH, 'tensorfloat32': Precision.HIGH,
                      'default': Precision.DEFAULT, 'bfloat16': Precision.DEFAULT,
                      'fastest': Precision.DEFAULT, None: Precision.DEFAULT}


def conv(lhs, rhs, window_strides, padding, precision=None, preferred_element_type=None):
    """Convenience wrapper around `conv_general_dilated`."""
    import jax
    return jax.lax.conv_general_dilated(lhs, rhs, window_strides, padding, precision=precision,
                                        preferred_element_type=preferred_element_type)


def batch_matmul(lhs, rhs, precision=None):
    """Batch matrix multiplication."""
    import jax
    import jax.numpy as jnp
    lhs = jnp.asarray(lhs)
    rhs = jnp.asarray(rhs)
    if min(lhs.ndim, rhs.ndim) < 2:
        raise ValueError('Arguments to batch_matmul must be at least 2D, got {}, {}'.format(lhs.ndim, rhs.ndim))
    if lhs.ndim != rhs.ndim:
        raise ValueError('Arguments to batch_matmul must have same ndim, got {}, {}'.format(lhs.ndim, rhs.ndim))
    batch = tuple(range(lhs.ndim - 2))
    return jax.lax.dot_general(lhs, rhs, (((lhs.ndim - 1,), (rhs.ndim - 2,)), (batch, batch)), precision=precision)
