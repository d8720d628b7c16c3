# keras.random - Keras 3's random ops on the JAX backend: a seed is a uint32 pair [seed, counter]
# used as a raw jax.random key, drawn from an int, a SeedGenerator (whose state is a Variable) or the global one.

import random as _pyrandom
import jax
import jax.numpy as jnp
import keras.backend as _kb

_global = {'gen': None, 'seed': None}


class SeedGenerator:
    def __init__(self, seed=None, name=None, **kwargs):
        if name is None:
            name = _kb.auto_name(self.__class__.__name__)
        self.name = name
        kwargs.pop('backend', None)
        if kwargs:
            raise ValueError(f'Unrecognized keyword arguments: {kwargs}')
        self._initial_seed = seed
        if seed is None:
            seed = make_default_seed()
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f'Argument `seed` must be an integer. Received: seed={seed}')

        def seed_initializer(*args, **kw):
            return jnp.asarray([seed, 0], dtype=kw.get('dtype', 'uint32'))

        with _kb.name_scope(self.name, caller=self):
            self.state = _kb.Variable(seed_initializer, shape=(2,), dtype='uint32',
                                      trainable=False, name='seed_generator_state')

    def next(self, ordered=True):
        seed_state = self.state
        new_seed_value = seed_state.value * 1
        if ordered:
            self.state.assign(seed_state.value + jnp.asarray([0, 1], dtype='uint32'))
        else:
            self.state.assign((seed_state.value + 1) * 5387 % 933199)
        return new_seed_value

    def get_config(self):
        return {'seed': self._initial_seed, 'name': self.name}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


def make_default_seed():
    return _pyrandom.randint(1, int(1e9))


def _reset_global_generator():
    _global['gen'] = None


def _set_global_seed(seed):
    """Keras's set_random_seed part for the backend: remember the seed, drop the global
    SeedGenerator (it is remade from Python's random, which the caller seeds)."""
    _global['seed'] = seed
    _global['gen'] = None


def global_seed_generator():
    if _global['gen'] is None:
        _global['gen'] = SeedGenerator()
    return _global['gen']


def draw_seed(seed):
    if isinstance(seed, SeedGenerator):
        return seed.next()
    if isinstance(seed, int) and not isinstance(seed, bool):
        return jnp.asarray([seed & 0xFFFFFFFF, 0], dtype='uint32')
    if seed is None:
        return global_seed_generator().next(ordered=False)
    if hasattr(seed, 'shape') and hasattr(seed, 'dtype'):
        return seed
    raise ValueError('Argument `seed` must be either an integer or an instance of '
                     f'`SeedGenerator`. Received: seed={seed} (of type {type(seed)})')


def _dt(dtype):
    return _kb.standardize_dtype(dtype)


def normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    sample = jax.random.normal(draw_seed(seed), shape=tuple(shape), dtype=_dt(dtype))
    return sample * stddev + mean


def uniform(shape, minval=0.0, maxval=1.0, dtype=None, seed=None):
    return jax.random.uniform(draw_seed(seed), shape=tuple(shape), dtype=_dt(dtype),
                              minval=minval, maxval=maxval)


def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    sample = jax.random.truncated_normal(draw_seed(seed), -2.0, 2.0, tuple(shape),
                                         dtype=_dt(dtype))
    return sample * stddev + mean


def randint(shape, minval, maxval, dtype='int32', seed=None):
    return jax.random.randint(draw_seed(seed), tuple(shape), minval, maxval, dtype=dtype)


def categorical(logits, num_samples, dtype='int32', seed=None):
    key = draw_seed(seed)
    logits = jnp.asarray(logits)
    out_shape = list(logits.shape)
    out_shape[1] = num_samples
    out = jax.random.categorical(key, logits[..., None], shape=tuple(out_shape), axis=1)
    return out.astype(dtype)


def dropout(inputs, rate, noise_shape=None, seed=None):
    inputs = jnp.asarray(_kb._unwrap(inputs))
    if rate == 1.0:
        return jnp.zeros_like(inputs)
    if rate == 0.0:
        return inputs
    key = draw_seed(seed)
    keep_prob = 1.0 - rate
    if noise_shape is None:
        noise_shape = inputs.shape
    else:
        noise_shape = tuple(inputs.shape[i] if d is None else d
                            for i, d in enumerate(noise_shape))
    mask = jax.random.bernoulli(key, p=keep_prob, shape=tuple(noise_shape))
    mask = jnp.broadcast_to(mask, inputs.shape)
    return jax.lax.select(mask, inputs / keep_prob, jnp.zeros_like(inputs))


def shuffle(x, axis=0, seed=None):
    return jax.random.permutation(draw_seed(seed), jnp.asarray(_kb._unwrap(x)), axis,
                                  independent=True)


def gamma(shape, alpha, dtype=None, seed=None):
    return jax.random.gamma(draw_seed(seed), alpha, shape=tuple(shape), dtype=_dt(dtype))


def beta(shape, alpha, beta, dtype=None, seed=None):
    return jax.random.beta(draw_seed(seed), jnp.asarray(alpha), jnp.asarray(beta),
                           shape=tuple(shape), dtype=_dt(dtype))
