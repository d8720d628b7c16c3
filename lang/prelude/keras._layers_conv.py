# keras._layers_conv - Keras 3's Conv1D/Conv2D (strides, dilation, groups, valid/same) and the
# max/average/global pooling layers, over lax.conv_general_dilated and lax.reduce_window as Keras's JAX backend.

import math
import jax.numpy as jnp
from jax import lax
import keras.backend as _kb
import keras.initializers as _ki
import keras.activations as _ka
import keras.regularizers as _kr
from keras._layer import Layer

_DN = {(1, 'channels_last'): ('NWC', 'WIO', 'NWC'), (2, 'channels_last'): ('NHWC', 'HWIO', 'NHWC'),
       (1, 'channels_first'): ('NCW', 'WIO', 'NCW'),
       (2, 'channels_first'): ('NCHW', 'HWIO', 'NCHW')}


def _tuple(v, rank, name):
    if isinstance(v, int):
        return (v,) * rank
    v = tuple(v)
    if len(v) != rank or not all(isinstance(e, int) for e in v):
        raise ValueError(f'The `{name}` argument must be a tuple of {rank} integers. '
                         f'Received {name}={v}')
    return v


def _padding(p):
    p = str(p).lower()
    if p not in ('valid', 'same'):
        raise ValueError("The `padding` argument must be a list/tuple or one of {'same', "
                         f"'valid'}}. Received: {p}")
    return p


def _ser(x):
    return _ki.serialize(x) if hasattr(x, 'get_config') else x


def _out_len(n, k, s, d, padding):
    if n is None:
        return None
    k = (k - 1) * d + 1
    if padding == 'same':
        return (n + s - 1) // s
    return (n - k) // s + 1 if n >= k else 0


class _Conv(Layer):
    rank = 2

    def __init__(self, filters, kernel_size, strides=1, padding='valid', data_format=None,
                 dilation_rate=1, groups=1, activation=None, use_bias=True,
                 kernel_initializer='glorot_uniform', bias_initializer='zeros',
                 kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 kernel_constraint=None, bias_constraint=None, lora_rank=None, lora_alpha=None,
                 **kwargs):
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        r = self.rank
        self.filters = filters
        self.groups = groups
        self.kernel_size = _tuple(kernel_size, r, 'kernel_size')
        self.strides = _tuple(strides, r, 'strides')
        self.dilation_rate = _tuple(dilation_rate, r, 'dilation_rate')
        self.padding = _padding(padding)
        self.data_format = _kb.standardize_data_format(data_format)
        self.activation = _ka.get(activation)
        self.use_bias = use_bias
        self.kernel_initializer = _ki.get(kernel_initializer)
        self.bias_initializer = _ki.get(bias_initializer)
        self.kernel_regularizer = _kr.get(kernel_regularizer)
        self.bias_regularizer = _kr.get(bias_regularizer)
        self.kernel_constraint = kernel_constraint
        self.bias_constraint = bias_constraint
        if filters is not None and (not isinstance(filters, int) or filters <= 0):
            raise ValueError('Invalid value for argument `filters`. Expected a strictly positive '
                             f'value. Received filters={filters}.')
        if filters is not None and filters % groups != 0:
            raise ValueError('The number of filters must be evenly divisible by the number of '
                             f'groups. Received: groups={groups}, filters={filters}.')
        if max(self.strides) > 1 and max(self.dilation_rate) > 1:
            raise ValueError('`strides > 1` not supported in conjunction with '
                             f'`dilation_rate > 1`. Received: strides={self.strides} and '
                             f'dilation_rate={self.dilation_rate}')

    def build(self, input_shape):
        ch_axis = -1 if self.data_format == 'channels_last' else 1
        in_ch = input_shape[ch_axis]
        if in_ch % self.groups != 0:
            raise ValueError('The number of input channels must be evenly divisible by the '
                             f'number of groups. Received groups={self.groups}, but the input '
                             f'has {in_ch} channels (full input shape is {input_shape}).')
        kshape = self.kernel_size + (in_ch // self.groups, self.filters)
        self.kernel = self.add_weight(name='kernel', shape=kshape,
                                      initializer=self.kernel_initializer,
                                      regularizer=self.kernel_regularizer,
                                      constraint=self.kernel_constraint, trainable=True)
        if self.use_bias:
            self.bias = self.add_weight(name='bias', shape=(self.filters,),
                                        initializer=self.bias_initializer,
                                        regularizer=self.bias_regularizer,
                                        constraint=self.bias_constraint, trainable=True)
        else:
            self.bias = None
        self.built = True

    def call(self, inputs):
        kernel = self.kernel.value
        ch = inputs.shape[-1] if self.data_format == 'channels_last' else inputs.shape[1]
        y = lax.conv_general_dilated(inputs.astype(kernel.dtype), kernel, self.strides,
                                     self.padding.upper(), rhs_dilation=self.dilation_rate,
                                     dimension_numbers=_DN[(self.rank, self.data_format)],
                                     feature_group_count=ch // kernel.shape[-2])
        if self.use_bias:
            if self.data_format == 'channels_last':
                bshape = (1,) * (self.rank + 1) + (self.filters,)
            else:
                bshape = (1, self.filters) + (1,) * self.rank
            y = y + jnp.reshape(self.bias.value, bshape)
        if self.activation is not None:
            y = self.activation(y)
        return y

    def compute_output_shape(self, input_shape):
        if self.data_format == 'channels_last':
            sp = input_shape[1:-1]
        else:
            sp = input_shape[2:]
        out = tuple(_out_len(n, k, s, d, self.padding) for n, k, s, d in
                    zip(sp, self.kernel_size, self.strides, self.dilation_rate))
        if self.data_format == 'channels_last':
            return (input_shape[0],) + out + (self.filters,)
        return (input_shape[0], self.filters) + out

    def get_config(self):
        return {**super().get_config(), 'filters': self.filters,
                'kernel_size': self.kernel_size, 'strides': self.strides,
                'padding': self.padding, 'data_format': self.data_format,
                'dilation_rate': self.dilation_rate, 'groups': self.groups,
                'activation': _ka.serialize(self.activation), 'use_bias': self.use_bias,
                'kernel_initializer': _ser(self.kernel_initializer),
                'bias_initializer': _ser(self.bias_initializer),
                'kernel_regularizer': _kr.serialize(self.kernel_regularizer),
                'bias_regularizer': _kr.serialize(self.bias_regularizer),
                'activity_regularizer': _kr.serialize(self.activity_regularizer),
                'kernel_constraint': None, 'bias_constraint': None}


class Conv1D(_Conv):
    rank = 1


class Conv2D(_Conv):
    rank = 2


Convolution1D, Convolution2D = Conv1D, Conv2D


def _pool(x, init, fn, window, strides, padding, channels_last):
    if channels_last:
        dims = (1,) + window + (1,)
        st = (1,) + strides + (1,)
    else:
        dims = (1, 1) + window
        st = (1, 1) + strides
    return lax.reduce_window(x, init, fn, dims, st, padding.upper())


class _Pool(Layer):
    rank = 2
    kind = 'max'

    def __init__(self, pool_size=2, strides=None, padding='valid', data_format=None, name=None,
                 **kwargs):
        super().__init__(name=name, **kwargs)
        self.pool_size = _tuple(pool_size, self.rank, 'pool_size')
        self.strides = self.pool_size if strides is None else _tuple(strides, self.rank,
                                                                     'strides')
        self.padding = _padding(padding)
        self.data_format = _kb.standardize_data_format(data_format)
        self.built = True

    def call(self, inputs):
        cl = self.data_format == 'channels_last'
        if self.kind == 'max':
            return _pool(inputs, -jnp.inf, lax.max, self.pool_size, self.strides, self.padding,
                         cl)
        pooled = _pool(inputs, 0.0, lax.add, self.pool_size, self.strides, self.padding, cl)
        if self.padding == 'valid':
            return pooled / math.prod(self.pool_size)
        win = (1,) + self.pool_size + (1,) if cl else (1, 1) + self.pool_size
        shape = tuple(a if b != 1 else 1 for a, b in zip(inputs.shape, win))
        counts = _pool(jnp.ones(shape, inputs.dtype), 0.0, lax.add, self.pool_size,
                       self.strides, self.padding, cl)
        return pooled / counts

    def compute_output_shape(self, input_shape):
        cl = self.data_format == 'channels_last'
        sp = input_shape[1:-1] if cl else input_shape[2:]
        out = tuple(_out_len(n, k, s, 1, self.padding) for n, k, s in
                    zip(sp, self.pool_size, self.strides))
        if cl:
            return (input_shape[0],) + out + (input_shape[-1],)
        return (input_shape[0], input_shape[1]) + out

    def get_config(self):
        return {**super().get_config(), 'pool_size': self.pool_size, 'padding': self.padding,
                'strides': self.strides, 'data_format': self.data_format}


class MaxPooling1D(_Pool):
    rank, kind = 1, 'max'


class MaxPooling2D(_Pool):
    rank, kind = 2, 'max'


class AveragePooling1D(_Pool):
    rank, kind = 1, 'avg'

    def __init__(self, pool_size, strides=None, padding='valid', data_format=None, name=None,
                 **kwargs):
        _Pool.__init__(self, pool_size, strides, padding, data_format, name, **kwargs)


class AveragePooling2D(_Pool):
    rank, kind = 2, 'avg'

    def __init__(self, pool_size, strides=None, padding='valid', data_format=None, name=None,
                 **kwargs):
        _Pool.__init__(self, pool_size, strides, padding, data_format, name, **kwargs)


MaxPool1D, MaxPool2D, AvgPool1D, AvgPool2D = (MaxPooling1D, MaxPooling2D, AveragePooling1D,
                                              AveragePooling2D)


class _GlobalPool(Layer):
    rank = 2
    kind = 'avg'

    def __init__(self, data_format=None, keepdims=False, **kwargs):
        super().__init__(**kwargs)
        self.data_format = _kb.standardize_data_format(data_format)
        self.keepdims = keepdims
        self.built = True

    def _axes(self):
        if self.data_format == 'channels_last':
            return tuple(range(1, self.rank + 1))
        return tuple(range(2, self.rank + 2))

    def call(self, inputs):
        f = jnp.mean if self.kind == 'avg' else jnp.max
        return f(inputs, axis=self._axes(), keepdims=self.keepdims)

    def compute_mask(self, inputs, mask=None):
        return None

    def compute_output_shape(self, input_shape):
        axes = self._axes()
        if self.keepdims:
            return tuple(1 if i in axes else d for i, d in enumerate(input_shape))
        return tuple(d for i, d in enumerate(input_shape) if i not in axes)

    def get_config(self):
        return {**super().get_config(), 'data_format': self.data_format,
                'keepdims': self.keepdims}


class GlobalAveragePooling1D(_GlobalPool):
    rank, kind = 1, 'avg'

    def __init__(self, data_format=None, keepdims=False, **kwargs):
        _GlobalPool.__init__(self, data_format, keepdims, **kwargs)
        self.supports_masking = True

    def call(self, inputs, mask=None):
        steps = 1 if self.data_format == 'channels_last' else 2
        if mask is None:
            return jnp.mean(inputs, axis=steps, keepdims=self.keepdims)
        m = jnp.expand_dims(mask, 2 if self.data_format == 'channels_last' else 1).astype(bool)
        inputs = jnp.where(m, inputs, 0)
        fm = m.astype(inputs.dtype)
        return (jnp.sum(inputs, axis=steps, keepdims=self.keepdims) /
                jnp.sum(fm, axis=steps, keepdims=self.keepdims))


class GlobalAveragePooling2D(_GlobalPool):
    rank, kind = 2, 'avg'


class GlobalMaxPooling1D(_GlobalPool):
    rank, kind = 1, 'max'


class GlobalMaxPooling2D(_GlobalPool):
    rank, kind = 2, 'max'


GlobalAvgPool1D, GlobalAvgPool2D = GlobalAveragePooling1D, GlobalAveragePooling2D
GlobalMaxPool1D, GlobalMaxPool2D = GlobalMaxPooling1D, GlobalMaxPooling2D
