# flax.linen.initializers - jax.nn.initializers as Flax re-exports them, with Flax's
# zeros_init()/ones_init() constructors.

from jax.nn.initializers import (zeros, ones, constant, normal, uniform, truncated_normal,
                                 variance_scaling, glorot_uniform, glorot_normal, lecun_uniform,
                                 lecun_normal, he_uniform, he_normal, xavier_uniform,
                                 xavier_normal, kaiming_uniform, kaiming_normal, orthogonal)


def zeros_init():
    return zeros


def ones_init():
    return ones
