# keras._layers_core - Keras 3's core layers: Dense, Activation, Dropout, Flatten, Reshape,
# Rescaling, Embedding, the merging layers (Concatenate, Add, ...), Lambda, Identity.

import math
import jax.numpy as jnp
import keras.backend as _kb
import keras.initializers as _ki
import keras.activations as _ka
import keras.regularizers as _kr
import keras.random as _krand
from keras._layer import Layer


def _ser_init(x):
    return _ki.serialize(x) if hasattr(x, 'get_config') else x


class Dense(Layer):
    def __init__(self, units, activation=None, use_bias=True, kernel_initializer='glorot_uniform',
                 bias_initializer='zeros', kernel_regularizer=None, bias_regularizer=None,
                 activity_regularizer=None, kernel_constraint=None, bias_constraint=None,
                 lora_rank=None, lora_alpha=None, quantization_config=None, **kwargs):
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        if not isinstance(units, int) or units <= 0:
            raise ValueError('Received an invalid value for `units`, expected a positive '
                             f'integer. Received: units={units}')
        self.units = units
        self.activation = _ka.get(activation)
        self.use_bias = use_bias
        self.kernel_initializer = _ki.get(kernel_initializer)
        self.bias_initializer = _ki.get(bias_initializer)
        self.kernel_regularizer = _kr.get(kernel_regularizer)
        self.bias_regularizer = _kr.get(bias_regularizer)
        self.kernel_constraint = kernel_constraint
        self.bias_constraint = bias_constraint
        self.supports_masking = True

    def build(self, input_shape):
        input_dim = input_shape[-1]
        self.kernel = self.add_weight(name='kernel', shape=(input_dim, self.units),
                                      initializer=self.kernel_initializer,
                                      regularizer=self.kernel_regularizer,
                                      constraint=self.kernel_constraint)
        if self.use_bias:
            self.bias = self.add_weight(name='bias', shape=(self.units,),
                                        initializer=self.bias_initializer,
                                        regularizer=self.bias_regularizer,
                                        constraint=self.bias_constraint)
        else:
            self.bias = None
        self.built = True

    def call(self, inputs, training=None):
        if inputs.shape[-1] != self.kernel.shape[0]:
            raise ValueError(f'Input 0 of layer "{self.name}" is incompatible with the layer: '
                             f'expected axis -1 of input shape to have value '
                             f'{self.kernel.shape[0]}, but received input with shape '
                             f'{tuple(inputs.shape)}')
        x = jnp.matmul(inputs, self.kernel.value)
        if self.bias is not None:
            x = x + self.bias.value
        if self.activation is not None:
            x = self.activation(x)
        return x

    def compute_output_shape(self, input_shape):
        return tuple(input_shape[:-1]) + (self.units,)

    def get_config(self):
        return {**super().get_config(), 'units': self.units,
                'activation': _ka.serialize(self.activation), 'use_bias': self.use_bias,
                'kernel_initializer': _ser_init(self.kernel_initializer),
                'bias_initializer': _ser_init(self.bias_initializer),
                'kernel_regularizer': _kr.serialize(self.kernel_regularizer),
                'bias_regularizer': _kr.serialize(self.bias_regularizer),
                'kernel_constraint': None, 'bias_constraint': None,
                'quantization_config': None}


class Activation(Layer):
    def __init__(self, activation, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True
        self.activation = _ka.get(activation)

    def call(self, inputs):
        return self.activation(inputs)

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        return {**super().get_config(), 'activation': _ka.serialize(self.activation)}


def _act_layer(cls_name, fn, names=(), defaults=()):
    def __init__(self, *args, **kwargs):
        params = {}
        for i, (n, d) in enumerate(zip(names, defaults)):
            params[n] = args[i] if i < len(args) else kwargs.pop(n, d)
        Layer.__init__(self, **kwargs)
        self.supports_masking = True
        for n in params:
            setattr(self, n, params[n])

    def call(self, inputs):
        return fn(inputs, **{n: getattr(self, n) for n in names})

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        return {**Layer.get_config(self), **{n: getattr(self, n) for n in names}}
    return type(cls_name, (Layer,), {'__init__': __init__, 'call': call, 'get_config': get_config,
                                     'compute_output_shape': compute_output_shape})


ReLU = _act_layer('ReLU', lambda x, max_value, negative_slope, threshold: _ka.relu(
    x, negative_slope=negative_slope, max_value=max_value, threshold=threshold),
    ('max_value', 'negative_slope', 'threshold'), (None, 0.0, 0.0))
LeakyReLU = _act_layer('LeakyReLU', lambda x, negative_slope: _ka.leaky_relu(x, negative_slope),
                       ('negative_slope',), (0.3,))
ELU = _act_layer('ELU', lambda x, alpha: _ka.elu(x, alpha), ('alpha',), (1.0,))
Softmax = _act_layer('Softmax', lambda x, axis: _ka.softmax(x, axis), ('axis',), (-1,))


class Dropout(Layer):
    def __init__(self, rate, noise_shape=None, seed=None, **kwargs):
        super().__init__(**kwargs)
        if not 0 <= rate <= 1:
            raise ValueError('Invalid value received for argument `rate`. Expected a float value '
                             f'between 0 and 1. Received: rate={rate}')
        self.rate = rate
        self.seed = seed
        self.noise_shape = noise_shape
        if rate > 0:
            self.seed_generator = _krand.SeedGenerator(seed)
        self.supports_masking = True
        self.built = True

    def call(self, inputs, training=False):
        if training and self.rate > 0:
            return _krand.dropout(inputs, self.rate, noise_shape=self.noise_shape,
                                  seed=self.seed_generator)
        return inputs

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        return {**super().get_config(), 'rate': self.rate, 'seed': self.seed,
                'noise_shape': self.noise_shape}


class Flatten(Layer):
    def __init__(self, data_format=None, **kwargs):
        super().__init__(**kwargs)
        self.data_format = _kb.standardize_data_format(data_format)
        self.built = True

    def call(self, inputs):
        if self.data_format == 'channels_first' and inputs.ndim > 2:
            inputs = jnp.moveaxis(inputs, 1, -1)
        return jnp.reshape(inputs, (inputs.shape[0], -1))

    def compute_output_shape(self, input_shape):
        rest = input_shape[1:]
        n = None if any(d is None for d in rest) else math.prod(rest)
        return (input_shape[0], n)

    def get_config(self):
        return {**super().get_config(), 'data_format': self.data_format}


class Reshape(Layer):
    def __init__(self, target_shape, **kwargs):
        super().__init__(**kwargs)
        self.target_shape = tuple(target_shape)
        self.built = True

    def call(self, inputs):
        return jnp.reshape(inputs, (inputs.shape[0],) + self.target_shape)

    def compute_output_shape(self, input_shape):
        tgt = list(self.target_shape)
        if -1 in tgt:
            rest = input_shape[1:]
            if any(d is None for d in rest):
                tgt[tgt.index(-1)] = None
            else:
                known = math.prod(d for d in tgt if d != -1)
                tgt[tgt.index(-1)] = math.prod(rest) // known
        return (input_shape[0],) + tuple(tgt)

    def get_config(self):
        return {**super().get_config(), 'target_shape': self.target_shape}


class Rescaling(Layer):
    def __init__(self, scale, offset=0.0, **kwargs):
        super().__init__(**kwargs)
        self.scale = scale
        self.offset = offset
        self.built = True

    def call(self, inputs):
        return inputs * jnp.asarray(self.scale, dtype=inputs.dtype) + jnp.asarray(
            self.offset, dtype=inputs.dtype)

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        return {**super().get_config(), 'scale': self.scale, 'offset': self.offset}


class Embedding(Layer):
    def __init__(self, input_dim, output_dim, embeddings_initializer='uniform',
                 embeddings_regularizer=None, embeddings_constraint=None, mask_zero=False,
                 weights=None, lora_rank=None, lora_alpha=None, quantization_config=None,
                 **kwargs):
        kwargs.pop('input_length', None)
        super().__init__(**kwargs)
        self.input_dim = input_dim
        self.output_dim = output_dim
        self.embeddings_initializer = _ki.get(
            'random_uniform' if embeddings_initializer == 'uniform' else embeddings_initializer)
        self.embeddings_regularizer = _kr.get(embeddings_regularizer)
        self.embeddings_constraint = embeddings_constraint
        self.mask_zero = mask_zero
        self.supports_masking = mask_zero
        if weights is not None:
            self.build()
            self.set_weights(weights if isinstance(weights, list) else [weights])

    def build(self, input_shape=None):
        if self.built:
            return
        self.embeddings = self.add_weight(shape=(self.input_dim, self.output_dim),
                                          initializer=self.embeddings_initializer,
                                          name='embeddings',
                                          regularizer=self.embeddings_regularizer,
                                          constraint=self.embeddings_constraint)
        self.built = True

    def call(self, inputs):
        if inputs.dtype.name not in ('int32', 'int64'):
            inputs = inputs.astype('int32')
        return jnp.take(self.embeddings.value, inputs, axis=0).astype(self._dtype)

    def compute_mask(self, inputs, mask=None):
        if not self.mask_zero:
            return None
        from keras._layer import KerasTensor
        if isinstance(inputs, KerasTensor):
            return NotEqual()(inputs, 0)
        return jnp.not_equal(inputs, 0)

    def compute_output_shape(self, input_shape):
        return tuple(input_shape) + (self.output_dim,)

    def compute_output_spec(self, inputs):
        from keras._layer import KerasTensor
        return KerasTensor(self.compute_output_shape(inputs.shape), dtype=self._dtype)

    def get_config(self):
        return {**super().get_config(), 'input_dim': self.input_dim,
                'output_dim': self.output_dim,
                'embeddings_initializer': _ser_init(self.embeddings_initializer),
                'embeddings_regularizer': _kr.serialize(self.embeddings_regularizer),
                'activity_regularizer': _kr.serialize(self.activity_regularizer),
                'embeddings_constraint': None, 'mask_zero': self.mask_zero,
                'quantization_config': None}


class _Merge(Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True

    def build(self, input_shape):
        if not isinstance(input_shape, (list, tuple)) or not input_shape or not isinstance(
                input_shape[0], (list, tuple)):
            raise ValueError(f'A merge layer should be called on a list of inputs. Received: '
                             f'input_shape={input_shape} (not a list of shapes)')
        if len(input_shape) < 1:
            raise ValueError('A merge layer should be called on a list of at least 1 input. '
                             f'Got {len(input_shape)} inputs. Full input_shape received: '
                             f'{input_shape}')
        self.built = True

    def call(self, inputs):
        out = inputs[0]
        for x in inputs[1:]:
            out = self._merge(out, x)
        return self._finish(out, len(inputs))

    def _finish(self, out, n):
        return out

    def compute_mask(self, inputs, mask=None):
        if mask is None or not isinstance(mask, (list, tuple)):
            return None
        ms = [m for m in mask if m is not None]
        if not ms:
            return None
        out = ms[0]
        for m in ms[1:]:
            out = jnp.logical_and(out, m)
        return out


class Add(_Merge):
    def _merge(self, a, b):
        return a + b


class Subtract(_Merge):
    def build(self, input_shape):
        if len(input_shape) != 2:
            raise ValueError('A `Subtract` layer should be called on exactly 2 inputs. '
                             f'Received: input_shape={input_shape}')
        self.built = True

    def _merge(self, a, b):
        return a - b


class Multiply(_Merge):
    def _merge(self, a, b):
        return a * b


class Average(_Merge):
    def _merge(self, a, b):
        return a + b

    def _finish(self, out, n):
        return out / n


class Maximum(_Merge):
    def _merge(self, a, b):
        return jnp.maximum(a, b)


class Minimum(_Merge):
    def _merge(self, a, b):
        return jnp.minimum(a, b)


class Concatenate(_Merge):
    def __init__(self, axis=-1, **kwargs):
        super().__init__(**kwargs)
        self.axis = axis

    def call(self, inputs):
        return jnp.concatenate(list(inputs), axis=self.axis)

    def get_config(self):
        return {**super().get_config(), 'axis': self.axis}


def _merge_fn(cls):
    def f(inputs, **kwargs):
        return cls(**kwargs)(inputs)
    return f


add, subtract, multiply = _merge_fn(Add), _merge_fn(Subtract), _merge_fn(Multiply)
average, maximum, minimum = _merge_fn(Average), _merge_fn(Maximum), _merge_fn(Minimum)


def concatenate(inputs, axis=-1, **kwargs):
    return Concatenate(axis=axis, **kwargs)(inputs)


class Identity(Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True
        self.built = True

    def call(self, inputs):
        return inputs

    def compute_output_shape(self, input_shape):
        return input_shape


class Lambda(Layer):
    def __init__(self, function, output_shape=None, mask=None, arguments=None, **kwargs):
        super().__init__(**kwargs)
        self.function = function
        self.arguments = arguments or {}
        self._output_shape = output_shape
        self.built = True

    def call(self, inputs, mask=None, training=None):
        return self.function(inputs, **self.arguments)


class NotEqual(Layer):
    # the operation keras.ops.not_equal puts in a functional graph for Embedding(mask_zero):
    # listed by summary() and get_config() with the layers, not in model.layers
    def __init__(self, name=None, **kwargs):
        super().__init__(name=name or _kb.auto_name('not_equal'))
        self.built = True

    def call(self, x, y):
        return jnp.not_equal(x, y)

    def compute_output_spec(self, x, y):
        from keras._layer import KerasTensor
        return KerasTensor(x.shape, dtype='bool')

    def get_config(self):
        return {'name': self.name}

    def get_build_config(self):
        return None


class _Lambda(Layer):
    # an operation node: arithmetic or a keras.ops function on KerasTensors (Keras's Operation);
    # summary() and get_config() list it under Keras's op class name (add (Add)), model.layers
    # does not. op_config: the op's constant keyword arguments (Keras's constructor arguments)
    def __init__(self, fn, op_class='Lambda', name=None, op_config=None):
        super().__init__(name=name or _kb.auto_name(op_class))
        self.fn = fn
        self._op_class = op_class
        self._op_config = dict(op_config or {})
        self.built = True

    def __call__(self, *args, **kwargs):
        # on KerasTensors the node keeps a constant operand as given (1.0 - x: 1.0, as Keras's
        # config shows it), where Layer.__call__ would make it an array
        import keras._layer as _l
        if _l._any_symbolic(args, kwargs):
            return self._symbolic_call(args, kwargs)
        return Layer.__call__(self, *args, **kwargs)

    def call(self, *args, **kwargs):
        return self.fn(*args, **dict(self._op_config, **kwargs))

    def get_config(self):
        return dict({'name': self.name}, **self._op_config)

    def get_build_config(self):
        return None


# Keras's module of an op class (keras.src.ops.<module>), for get_config
_OP_MODULES = {'core': ('Cast', 'StopGradient', 'ConvertToTensor'),
               'math': ('Logsumexp', 'Erf', 'Rsqrt', 'TopK'),
               'linalg': ('Norm', 'Qr'),
               'nn': ('Relu', 'Relu6', 'Sigmoid', 'Softplus', 'Silu', 'LogSigmoid', 'LeakyRelu',
                      'HardSigmoid', 'Elu', 'Selu', 'Celu', 'Glu', 'Softmax', 'LogSoftmax',
                      'OneHot', 'HardTanh', 'Gelu', 'Softsign')}


def op_module(op_class):
    for mod, names in _OP_MODULES.items():
        if op_class in names:
            return 'keras.src.ops.' + mod
    return 'keras.src.ops.numpy'


def op_from_config(op_class, config):
    # an op node read back from get_config (ours or Keras's): its class names the function,
    # the rest of its config are the function's keyword arguments
    import keras._layer as _l
    import keras.ops as _ops
    table = {'Add': _l._op_add, 'Subtract': _l._op_sub, 'Multiply': _l._op_mul,
             'TrueDivide': _l._op_div, 'Divide': _l._op_div, 'GetItem': _l._op_getitem,
             'Absolute': jnp.abs, 'Conjugate': jnp.conj}
    fn = table.get(op_class)
    if fn is None:
        fn = getattr(_ops, _kb.to_snake_case(op_class), None)
    if fn is None or not callable(fn):
        raise TypeError(f"Could not locate operation '{op_class}'.")
    config = dict(config)
    name = config.pop('name', None)
    return _Lambda(fn, op_class, name=name, op_config=config)
