# keras._layers_norm - Keras 3's BatchNormalization (moving statistics as non-trainable
# variables, assigned in training) and LayerNormalization, with the JAX backend's formulas.

import jax.numpy as jnp
from jax import lax
import keras.initializers as _ki
import keras.regularizers as _kr
from keras._layer import Layer


def _ser(x):
    return _ki.serialize(x) if hasattr(x, 'get_config') else x


def _bn(x, mean, variance, axis, offset, scale, epsilon):
    shape = [1] * x.ndim
    shape[axis] = mean.shape[0]
    mean = jnp.reshape(mean, shape)
    variance = jnp.reshape(variance, shape)
    inv = lax.rsqrt(variance + epsilon)
    if scale is not None:
        inv = inv * jnp.reshape(scale, shape)
    res = -mean * inv
    if offset is not None:
        res = res + jnp.reshape(offset, shape)
    return x * inv + res


class BatchNormalization(Layer):
    def __init__(self, axis=-1, momentum=0.99, epsilon=1e-3, center=True, scale=True,
                 beta_initializer='zeros', gamma_initializer='ones',
                 moving_mean_initializer='zeros', moving_variance_initializer='ones',
                 beta_regularizer=None, gamma_regularizer=None, beta_constraint=None,
                 gamma_constraint=None, renorm=False, renorm_clipping=None,
                 renorm_momentum=0.99, synchronized=False, **kwargs):
        super().__init__(**kwargs)
        if renorm:
            raise NotImplementedError('BatchNormalization(renorm=True) is not supported in Sable')
        if synchronized:
            raise ValueError('Argument synchronized=True is only supported with the TensorFlow '
                             'backend.')
        self.axis = int(axis)
        self.synchronized = synchronized
        self.momentum = float(momentum)
        self.epsilon = float(epsilon)
        self.center = center
        self.scale = scale
        self.beta_initializer = _ki.get(beta_initializer)
        self.gamma_initializer = _ki.get(gamma_initializer)
        self.moving_mean_initializer = _ki.get(moving_mean_initializer)
        self.moving_variance_initializer = _ki.get(moving_variance_initializer)
        self.beta_regularizer = _kr.get(beta_regularizer)
        self.gamma_regularizer = _kr.get(gamma_regularizer)
        self.renorm = renorm
        self.renorm_clipping = renorm_clipping
        self.renorm_momentum = renorm_momentum
        self.supports_masking = True
        self.gamma = None
        self.beta = None

    def build(self, input_shape):
        shape = (input_shape[self.axis],)
        if self.scale:
            self.gamma = self.add_weight(shape=shape, name='gamma',
                                         initializer=self.gamma_initializer,
                                         regularizer=self.gamma_regularizer, trainable=True,
                                         autocast=False)
        if self.center:
            self.beta = self.add_weight(shape=shape, name='beta',
                                        initializer=self.beta_initializer,
                                        regularizer=self.beta_regularizer, trainable=True,
                                        autocast=False)
        self.moving_mean = self.add_weight(shape=shape, name='moving_mean',
                                           initializer=self.moving_mean_initializer,
                                           trainable=False, autocast=False)
        self.moving_variance = self.add_weight(shape=shape, name='moving_variance',
                                               initializer=self.moving_variance_initializer,
                                               trainable=False, autocast=False)
        axes = list(range(len(input_shape)))
        del axes[self.axis]
        self._reduction_axes = axes
        self.built = True

    def call(self, inputs, training=None, mask=None):
        moving_mean = self.moving_mean.value
        moving_variance = self.moving_variance.value
        gamma = self.gamma.value if self.scale else None
        beta = self.beta.value if self.center else None
        if training and self.trainable:
            if mask is None:
                axes = tuple(self._reduction_axes)
                mean = jnp.mean(inputs, axis=axes)
                variance = jnp.var(inputs, axis=axes)
            else:
                m = jnp.broadcast_to(jnp.expand_dims(mask, -1), inputs.shape).astype(bool)
                axes = tuple(self._reduction_axes)
                w = jnp.sum(m.astype(inputs.dtype), axis=axes, keepdims=True)
                mean = jnp.sum(jnp.where(m, inputs, 0), axis=axes, keepdims=True) / (w + 1e-7)
                variance = jnp.sum(jnp.square(jnp.where(m, inputs - mean, 0)), axis=axes,
                                   keepdims=True) / (w + 1e-7)
                mean, variance = jnp.squeeze(mean), jnp.squeeze(variance)
            self.moving_mean.assign(moving_mean * self.momentum + mean * (1.0 - self.momentum))
            self.moving_variance.assign(moving_variance * self.momentum +
                                        variance * (1.0 - self.momentum))
        else:
            mean, variance = moving_mean, moving_variance
        return _bn(inputs, mean, variance, self.axis, beta, gamma, self.epsilon)

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        return {**super().get_config(), 'axis': self.axis, 'momentum': self.momentum,
                'epsilon': self.epsilon, 'center': self.center, 'scale': self.scale,
                'beta_initializer': _ser(self.beta_initializer),
                'gamma_initializer': _ser(self.gamma_initializer),
                'moving_mean_initializer': _ser(self.moving_mean_initializer),
                'moving_variance_initializer': _ser(self.moving_variance_initializer),
                'beta_regularizer': _kr.serialize(self.beta_regularizer),
                'gamma_regularizer': _kr.serialize(self.gamma_regularizer),
                'beta_constraint': None, 'gamma_constraint': None,
                'synchronized': self.synchronized, 'renorm': self.renorm,
                'renorm_clipping': self.renorm_clipping,
                'renorm_momentum': self.renorm_momentum}


class LayerNormalization(Layer):
    def __init__(self, axis=-1, epsilon=1e-3, center=True, scale=True, beta_initializer='zeros',
                 gamma_initializer='ones', beta_regularizer=None, gamma_regularizer=None,
                 beta_constraint=None, gamma_constraint=None, **kwargs):
        rms_scaling = kwargs.pop('rms_scaling', False)
        super().__init__(**kwargs)
        if isinstance(axis, (list, tuple)):
            self.axis = list(axis)
        elif isinstance(axis, int):
            self.axis = axis
        else:
            raise TypeError("Expected an int or a list/tuple of ints for the argument 'axis', "
                            f'but received: {axis!r}')
        self.epsilon = epsilon
        self.center = center
        self.scale = scale
        self.rms_scaling = rms_scaling
        self.beta_initializer = _ki.get(beta_initializer)
        self.gamma_initializer = _ki.get(gamma_initializer)
        self.beta_regularizer = _kr.get(beta_regularizer)
        self.gamma_regularizer = _kr.get(gamma_regularizer)
        self.supports_masking = True
        self.gamma = None
        self.beta = None

    def build(self, input_shape):
        if isinstance(self.axis, list):
            self.axis = sorted(self.axis)
            shape = tuple(input_shape[d] for d in self.axis)
        else:
            shape = (input_shape[self.axis],)
            self.axis = [self.axis]
        if self.scale or self.rms_scaling:
            self.gamma = self.add_weight(name='gamma', shape=shape,
                                         initializer=self.gamma_initializer,
                                         regularizer=self.gamma_regularizer, trainable=True,
                                         autocast=False)
        if self.center and not self.rms_scaling:
            self.beta = self.add_weight(name='beta', shape=shape,
                                        initializer=self.beta_initializer,
                                        regularizer=self.beta_regularizer, trainable=True,
                                        autocast=False)
        self.built = True

    def call(self, inputs):
        x = inputs
        nd = x.ndim
        axis = sorted(a % nd for a in self.axis)
        bshape = [1] * nd
        for d in axis:
            bshape[d] = x.shape[d]

        def bc(v):
            if v is None:
                return None
            v = v.value
            if v.ndim != nd and axis != [nd - 1]:
                return jnp.reshape(v, bshape)
            return v
        gamma, beta = bc(self.gamma), bc(self.beta)
        if self.rms_scaling:
            var = jnp.var(x, axis=tuple(axis), keepdims=True)
            out = x * lax.rsqrt(var + self.epsilon)
            return out * gamma if gamma is not None else out
        mean = jnp.mean(x, axis=tuple(axis), keepdims=True)
        var = jnp.var(x, axis=tuple(axis), keepdims=True)
        inv = lax.rsqrt(var + self.epsilon)
        if gamma is not None:
            inv = inv * gamma
        res = -mean * inv
        if beta is not None:
            res = res + beta
        return x * inv + res

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        return {**super().get_config(), 'axis': self.axis, 'epsilon': self.epsilon,
                'center': self.center, 'scale': self.scale, 'rms_scaling': self.rms_scaling,
                'beta_initializer': _ser(self.beta_initializer),
                'gamma_initializer': _ser(self.gamma_initializer),
                'beta_regularizer': _kr.serialize(self.beta_regularizer),
                'gamma_regularizer': _kr.serialize(self.gamma_regularizer),
                'beta_constraint': None, 'gamma_constraint': None}
