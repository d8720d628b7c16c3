# keras.metrics - Keras 3's stateful metrics over keras Variables (update_state / result /
# reset_state, and the stateless_* forms the jit-compiled train step uses), by name.

import jax
import jax.numpy as jnp
import keras.backend as _kb
import keras.losses as _losses
from keras.losses import squeeze_or_expand_to_same_rank as _same_rank


class Metric:
    def __init__(self, dtype=None, name=None):
        self.name = name or _kb.auto_name(self.__class__.__name__)
        self._dtype = dtype or 'float32'
        self._variables = []
        self._metrics = []

    @property
    def dtype(self):
        return self._dtype

    @property
    def variables(self):
        out = list(self._variables)
        for m in self._metrics:
            out.extend(m.variables)
        return out

    def add_variable(self, shape, initializer='zeros', dtype=None, aggregation='sum', name=None):
        with _kb.name_scope(self.name.replace('/', '>'), caller=self):
            dt = dtype or self._dtype
            v = _kb.Variable(jnp.zeros(shape, dt), dtype=dt, trainable=False, name=name)
        self._variables.append(v)
        return v

    def add_weight(self, shape=(), initializer=None, dtype=None, name=None):
        return self.add_variable(shape, initializer or 'zeros', dtype=dtype, name=name)

    def reset_state(self):
        for v in self.variables:
            v.assign(jnp.zeros(v.shape, v.dtype))

    def update_state(self, *args, **kwargs):
        raise NotImplementedError

    def result(self):
        raise NotImplementedError

    def _check_len(self, metric_variables):
        if len(metric_variables) != len(self.variables):
            raise ValueError("Argument `metric_variables` must be a list of tensors "
                             f"corresponding 1:1 to {self.__class__.__name__}().variables. "
                             f"Received list with length {len(metric_variables)}, but "
                             f"expected {len(self.variables)} variables.")

    def stateless_update_state(self, metric_variables, *args, **kwargs):
        self._check_len(metric_variables)
        vs = self.variables
        with _kb.StatelessScope(state_mapping=list(zip(vs, metric_variables))) as scope:
            self.update_state(*args, **kwargs)
        out = []
        for v, old in zip(vs, metric_variables):
            new = scope.get_current_value(v)
            out.append(new if new is not None else old)
        return out

    def stateless_result(self, metric_variables):
        self._check_len(metric_variables)
        with _kb.StatelessScope(state_mapping=list(zip(self.variables, metric_variables))):
            return self.result()

    def stateless_reset_state(self):
        return [jnp.zeros(v.shape, v.dtype) for v in self.variables]

    def __call__(self, *args, **kwargs):
        self.update_state(*args, **kwargs)
        return self.result()

    def get_config(self):
        return {'name': self.name, 'dtype': self.dtype}

    @classmethod
    def from_config(cls, config):
        return cls(**config)

    def __repr__(self):
        return f"<{self.__class__.__name__} name={self.name}>"


def reduce_to_samplewise_values(values, sample_weight, reduce_fn, dtype):
    values = jnp.asarray(values).astype(dtype)
    if sample_weight is not None:
        sample_weight = jnp.asarray(sample_weight).astype(dtype)
        values, sample_weight = _same_rank(values, sample_weight)
        wn, vn = len(sample_weight.shape), len(values.shape)
        if vn > wn:
            values = reduce_fn(values, axis=tuple(range(wn, vn)))
        sample_weight = jnp.broadcast_to(sample_weight, values.shape)
        values = values * sample_weight
        if wn > 1:
            sample_weight = reduce_fn(sample_weight, axis=tuple(range(1, wn)))
    if len(values.shape) > 1:
        values = reduce_fn(values, axis=tuple(range(1, len(values.shape))))
    return values, sample_weight


class Sum(Metric):
    def __init__(self, name='sum', dtype=None):
        super().__init__(name=name, dtype=dtype)
        self.total = self.add_variable((), name='total')

    def update_state(self, values, sample_weight=None):
        values, _ = reduce_to_samplewise_values(values, sample_weight, jnp.sum, self.dtype)
        self.total.assign(self.total.value + jnp.sum(values))

    def result(self):
        return self.total.value.astype(self.dtype)


class Mean(Metric):
    def __init__(self, name='mean', dtype=None):
        super().__init__(name=name, dtype=dtype)
        self.total = self.add_variable((), name='total')
        self.count = self.add_variable((), name='count')

    def update_state(self, values, sample_weight=None):
        values, sample_weight = reduce_to_samplewise_values(values, sample_weight, jnp.mean,
                                                            self.dtype)
        self.total.assign(self.total.value + jnp.sum(values))
        if sample_weight is not None:
            n = jnp.sum(sample_weight)
        elif len(values.shape) >= 1:
            n = values.shape[0]
        else:
            n = 1
        self.count.assign(self.count.value + jnp.asarray(n).astype(self.dtype))

    def result(self):
        t, c = self.total.value, self.count.value.astype(self.dtype)
        return jnp.where(c == 0, jnp.zeros_like(t), t / jnp.where(c == 0, 1, c))


class MeanMetricWrapper(Mean):
    def __init__(self, fn, name=None, dtype=None, **kwargs):
        super().__init__(name=name or getattr(fn, '__name__', None) or 'mean_metric_wrapper',
                         dtype=dtype)
        self._fn = fn
        self._fn_kwargs = kwargs

    def update_state(self, y_true, y_pred, sample_weight=None):
        values = self._fn(y_true, y_pred, **self._fn_kwargs)
        return super().update_state(values, sample_weight=sample_weight)

    def get_config(self):
        c = super().get_config()
        c.update(self._fn_kwargs)
        return c


# ---- functions ------------------------------------------------------------------------------
def accuracy(y_true, y_pred):
    y_pred = jnp.asarray(y_pred)
    y_true = jnp.asarray(y_true).astype(y_pred.dtype)
    y_true, y_pred = _same_rank(y_true, y_pred)
    return (y_true == y_pred).astype(jnp.float32)


def binary_accuracy(y_true, y_pred, threshold=0.5):
    y_pred = jnp.asarray(y_pred)
    y_true = jnp.asarray(y_true)
    y_true, y_pred = _same_rank(y_true, y_pred)
    y_pred = (y_pred > threshold).astype(y_true.dtype)
    return (y_true == y_pred).astype(jnp.float32)


def categorical_accuracy(y_true, y_pred):
    y_true = jnp.argmax(jnp.asarray(y_true), axis=-1)
    y_pred = jnp.asarray(y_pred)
    y_true = y_true.astype(y_pred.dtype)
    shape0 = y_true.shape
    reshape = False
    if len(y_true.shape) == len(y_pred.shape):
        y_true = jnp.squeeze(y_true, -1)
        reshape = True
    y_pred = jnp.argmax(y_pred, axis=-1).astype(y_true.dtype)
    m = (y_true == y_pred).astype(jnp.float32)
    return m.reshape(shape0) if reshape else m


def sparse_categorical_accuracy(y_true, y_pred):
    y_pred = jnp.asarray(y_pred)
    y_true = jnp.asarray(y_true).astype(y_pred.dtype)
    shape0 = y_true.shape
    reshape = False
    if len(y_true.shape) == len(y_pred.shape) and y_true.shape[-1] == 1:
        y_true = jnp.squeeze(y_true, -1)
        reshape = True
    y_pred = jnp.argmax(y_pred, axis=-1).astype(y_true.dtype)
    m = (y_true == y_pred).astype(jnp.float32)
    if reshape:
        m = m.reshape(shape0)
    if len(m.shape) > 1 and m.shape[-1] == 1:
        m = jnp.squeeze(m, -1)
    return m


def _in_top_k(targets, predictions, k):
    targets = targets.astype(jnp.int32)
    tv = jnp.take_along_axis(predictions, targets[:, None], axis=-1)
    higher = jnp.sum(predictions > tv, axis=-1)
    return higher < k


def top_k_categorical_accuracy(y_true, y_pred, k=5):
    y_pred = jnp.asarray(y_pred)
    y_true = jnp.argmax(jnp.asarray(y_true), axis=-1)
    shape0 = y_true.shape
    if len(y_pred.shape) > 2:
        y_pred = y_pred.reshape(-1, y_pred.shape[-1])
    m = _in_top_k(y_true.reshape(-1), y_pred, k).astype(jnp.float32)
    return m.reshape(shape0)


def sparse_top_k_categorical_accuracy(y_true, y_pred, k=5):
    y_pred = jnp.asarray(y_pred)
    y_true = jnp.asarray(y_true).astype(jnp.int32)
    shape0 = y_true.shape
    if len(y_pred.shape) > 2:
        y_pred = y_pred.reshape(-1, y_pred.shape[-1])
    m = _in_top_k(y_true.reshape(-1), y_pred, k).astype(jnp.float32)
    return m.reshape(shape0)


mean_squared_error = mse = _losses.mean_squared_error
mean_absolute_error = mae = _losses.mean_absolute_error
mean_absolute_percentage_error = mape = _losses.mean_absolute_percentage_error
binary_crossentropy = _losses.binary_crossentropy
categorical_crossentropy = _losses.categorical_crossentropy
sparse_categorical_crossentropy = _losses.sparse_categorical_crossentropy
kl_divergence = _losses.kl_divergence


def _metric_class(cls_name, fn, default_name, params):
    def __init__(self, *args, name=default_name, dtype=None, **kwargs):
        kw = dict(params)
        for k, v in zip(params, args):
            kw[k] = v
        for k, v in kwargs.items():
            if k not in params:
                raise TypeError(f"{cls_name}.__init__() got an unexpected keyword argument "
                                f"'{k}'")
            kw[k] = v
        MeanMetricWrapper.__init__(self, fn, name=name, dtype=dtype, **kw)
        for k, v in kw.items():
            setattr(self, k, v)
    return type(cls_name, (MeanMetricWrapper,), {'__init__': __init__})


Accuracy = _metric_class('Accuracy', accuracy, 'accuracy', {})
BinaryAccuracy = _metric_class('BinaryAccuracy', binary_accuracy, 'binary_accuracy',
                               {'threshold': 0.5})
CategoricalAccuracy = _metric_class('CategoricalAccuracy', categorical_accuracy,
                                    'categorical_accuracy', {})
SparseCategoricalAccuracy = _metric_class('SparseCategoricalAccuracy',
                                          sparse_categorical_accuracy,
                                          'sparse_categorical_accuracy', {})
TopKCategoricalAccuracy = _metric_class('TopKCategoricalAccuracy', top_k_categorical_accuracy,
                                        'top_k_categorical_accuracy', {'k': 5})
SparseTopKCategoricalAccuracy = _metric_class('SparseTopKCategoricalAccuracy',
                                              sparse_top_k_categorical_accuracy,
                                              'sparse_top_k_categorical_accuracy', {'k': 5})
MeanSquaredError = _metric_class('MeanSquaredError', _losses.mean_squared_error,
                                 'mean_squared_error', {})
MeanAbsoluteError = _metric_class('MeanAbsoluteError', _losses.mean_absolute_error,
                                  'mean_absolute_error', {})
MeanAbsolutePercentageError = _metric_class('MeanAbsolutePercentageError',
                                            _losses.mean_absolute_percentage_error,
                                            'mean_absolute_percentage_error', {})
BinaryCrossentropy = _metric_class('BinaryCrossentropy', _losses.binary_crossentropy,
                                   'binary_crossentropy',
                                   {'from_logits': False, 'label_smoothing': 0.0})
CategoricalCrossentropy = _metric_class('CategoricalCrossentropy',
                                        _losses.categorical_crossentropy,
                                        'categorical_crossentropy',
                                        {'from_logits': False, 'label_smoothing': 0.0,
                                         'axis': -1})
SparseCategoricalCrossentropy = _metric_class('SparseCategoricalCrossentropy',
                                              _losses.sparse_categorical_crossentropy,
                                              'sparse_categorical_crossentropy',
                                              {'from_logits': False, 'axis': -1})
KLDivergence = _metric_class('KLDivergence', _losses.kl_divergence, 'kl_divergence', {})


class RootMeanSquaredError(Mean):
    def __init__(self, name='root_mean_squared_error', dtype=None):
        super().__init__(name=name, dtype=dtype)

    def update_state(self, y_true, y_pred, sample_weight=None):
        y_pred = jnp.asarray(y_pred).astype(self.dtype)
        y_true = jnp.asarray(y_true).astype(y_pred.dtype)
        y_true, y_pred = _same_rank(y_true, y_pred)
        return super().update_state(jnp.square(y_pred - y_true), sample_weight=sample_weight)

    def result(self):
        return jnp.sqrt(super().result())


_BY_NAME = {
    'accuracy': Accuracy, 'acc': Accuracy, 'binary_accuracy': BinaryAccuracy,
    'categorical_accuracy': CategoricalAccuracy,
    'sparse_categorical_accuracy': SparseCategoricalAccuracy,
    'top_k_categorical_accuracy': TopKCategoricalAccuracy,
    'sparse_top_k_categorical_accuracy': SparseTopKCategoricalAccuracy,
    'mse': MeanSquaredError, 'mean_squared_error': MeanSquaredError,
    'mae': MeanAbsoluteError, 'mean_absolute_error': MeanAbsoluteError,
    'mape': MeanAbsolutePercentageError,
    'mean_absolute_percentage_error': MeanAbsolutePercentageError,
    'binary_crossentropy': BinaryCrossentropy, 'categorical_crossentropy': CategoricalCrossentropy,
    'sparse_categorical_crossentropy': SparseCategoricalCrossentropy,
    'kl_divergence': KLDivergence, 'root_mean_squared_error': RootMeanSquaredError,
}
for _c in list(_BY_NAME.values()) + [Mean, Sum]:
    _BY_NAME[_c.__name__] = _c


def get(identifier):
    if isinstance(identifier, Metric):
        return identifier
    if isinstance(identifier, str):
        cls = _BY_NAME.get(identifier)
        if cls is not None:
            return cls()
    elif callable(identifier):
        return identifier
    raise ValueError(f"Could not interpret metric identifier: {identifier}")


def serialize(metric):
    return {'module': 'keras.metrics', 'class_name': type(metric).__name__,
            'config': metric.get_config(), 'registered_name': None}


def deserialize(config, custom_objects=None):
    if isinstance(config, str):
        return get(config)
    cls = _BY_NAME.get(config['class_name']) or (custom_objects or {}).get(config['class_name'])
    if cls is None:
        raise ValueError(f"Could not interpret metric identifier: {config}")
    return cls.from_config(config['config'])
