# keras.losses - Keras 3's loss functions and Loss classes (its epsilon clipping, rank
# squeezing, "sum_over_batch_size" reduction), resolvable by name as compile() takes them.

import warnings as _warnings
import jax
import jax.numpy as jnp

_EPS = 1e-7


def _eps():
    try:
        import keras.backend as kb
        return kb.epsilon()
    except ImportError:
        return _EPS


def _t(x, dtype=None):
    if type(x).__name__ == 'Variable' and hasattr(x, 'value'):
        x = x.value
    a = jnp.asarray(x)
    if dtype is not None and a.dtype != jnp.dtype(dtype):
        a = a.astype(dtype)
    return a


def squeeze_or_expand_to_same_rank(x1, x2, expand_rank_1=True):
    r1, r2 = len(x1.shape), len(x2.shape)
    if r1 == r2:
        return x1, x2
    if r1 == r2 + 1 and x1.shape[-1] == 1:
        if r2 == 1 and expand_rank_1:
            x2 = jnp.expand_dims(x2, -1)
        else:
            x1 = jnp.squeeze(x1, -1)
    if r2 == r1 + 1 and x2.shape[-1] == 1:
        if r1 == 1 and expand_rank_1:
            x1 = jnp.expand_dims(x1, -1)
        else:
            x2 = jnp.squeeze(x2, -1)
    return x1, x2


_REDUCTIONS = ('sum_over_batch_size', 'sum', None, 'none', 'mean', 'mean_with_sample_weight')


def standardize_reduction(reduction):
    if reduction not in _REDUCTIONS:
        allowed = {'sum_over_batch_size', 'sum', None, 'none', 'mean', 'mean_with_sample_weight'}
        raise ValueError("Invalid value for argument `reduction`. Expected one of "
                         f"{allowed}. Received: reduction={reduction}")
    return reduction


def reduce_values(values, sample_weight=None, reduction='sum_over_batch_size'):
    if reduction is None or reduction == 'none' or tuple(values.shape) in ((), (0,)):
        return values
    loss = jnp.sum(values)
    if reduction in ('sum_over_batch_size', 'mean', 'mean_with_sample_weight'):
        if reduction == 'mean_with_sample_weight' and sample_weight is not None:
            divisor = jnp.sum(sample_weight).astype(loss.dtype)
        else:
            n = 1
            for d in values.shape:
                n *= int(d)
            divisor = jnp.asarray(n, jnp.int32).astype(loss.dtype)
        loss = jnp.where(divisor == 0, jnp.zeros_like(loss), loss / jnp.where(divisor == 0, 1, divisor))
    return loss


def reduce_weighted_values(values, sample_weight=None, mask=None,
                           reduction='sum_over_batch_size', dtype=None):
    reduction = standardize_reduction(reduction)
    values = _t(values, dtype)
    if sample_weight is not None:
        sample_weight = _t(sample_weight, dtype)
    if mask is not None:
        sample_weight = apply_mask(sample_weight, _t(mask, dtype), values.dtype, reduction)
    if sample_weight is not None:
        sample_weight = sample_weight.astype(values.dtype)
        values, sample_weight = squeeze_or_expand_to_same_rank(values, sample_weight)
        values = values * sample_weight
    return reduce_values(values, sample_weight, reduction)


def apply_mask(sample_weight, mask, dtype, reduction):
    if mask is None:
        return sample_weight
    if reduction in ('mean', 'sum_over_batch_size'):
        total = jnp.asarray(mask.size, dtype)
        valid = jnp.sum(mask.astype(dtype))
        w = jnp.where(valid == 0, 0.0, total / jnp.where(valid == 0, 1, valid)).astype(dtype)
        float_mask = jnp.where(mask.astype(bool), w, jnp.zeros((), dtype))
    else:
        float_mask = mask.astype(dtype)
    if sample_weight is not None:
        float_mask, sample_weight = squeeze_or_expand_to_same_rank(float_mask,
                                                                   sample_weight.astype(dtype))
        return sample_weight * float_mask
    return float_mask


# ---- functions ------------------------------------------------------------------------------
def mean_squared_error(y_true, y_pred):
    y_pred = _t(y_pred)
    y_true = _t(y_true, y_pred.dtype)
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    return jnp.mean(jnp.square(y_true - y_pred), axis=-1)


def mean_absolute_error(y_true, y_pred):
    y_pred = _t(y_pred)
    y_true = _t(y_true, y_pred.dtype)
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    return jnp.mean(jnp.abs(y_true - y_pred), axis=-1)


def mean_absolute_percentage_error(y_true, y_pred):
    y_pred = _t(y_pred)
    y_true = _t(y_true, y_pred.dtype)
    eps = jnp.asarray(_eps(), y_pred.dtype)
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    diff = jnp.abs((y_true - y_pred) / jnp.maximum(jnp.abs(y_true), eps))
    return 100.0 * jnp.mean(diff, axis=-1)


def mean_squared_logarithmic_error(y_true, y_pred):
    eps = jnp.asarray(_eps(), jnp.float32)
    y_pred = _t(y_pred)
    y_true = _t(y_true, y_pred.dtype)
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    first = jnp.log(jnp.maximum(y_pred, eps) + 1.0)
    second = jnp.log(jnp.maximum(y_true, eps) + 1.0)
    return jnp.mean(jnp.square(first - second), axis=-1)


def _l2_normalize(x, axis):
    sq = jnp.sum(jnp.square(x), axis=axis, keepdims=True)
    return x * jax.lax.rsqrt(jnp.maximum(sq, 1e-12))


def cosine_similarity(y_true, y_pred, axis=-1):
    y_pred = _t(y_pred)
    y_true = _t(y_true, y_pred.dtype)
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    return -jnp.sum(_l2_normalize(y_true, axis) * _l2_normalize(y_pred, axis), axis=axis)


def huber(y_true, y_pred, delta=1.0):
    y_pred = _t(y_pred)
    y_true = _t(y_true, y_pred.dtype)
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    delta = jnp.asarray(delta, y_pred.dtype)
    error = y_pred - y_true
    abs_error = jnp.abs(error)
    half = jnp.asarray(0.5, abs_error.dtype)
    return jnp.mean(jnp.where(abs_error <= delta, half * jnp.square(error),
                              delta * abs_error - half * jnp.square(delta)), axis=-1)


def log_cosh(y_true, y_pred):
    y_pred = _t(y_pred)
    y_true = _t(y_true, y_pred.dtype)
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    log2 = jnp.asarray(jnp.log(2.0), y_pred.dtype)
    x = y_pred - y_true
    return jnp.mean(x + jax.nn.softplus(x * -2.0) - log2, axis=-1)


def kl_divergence(y_true, y_pred):
    y_pred = _t(y_pred)
    y_true = _t(y_true, y_pred.dtype)
    y_true = jnp.clip(y_true, _eps(), 1)
    y_pred = jnp.clip(y_pred, _eps(), 1)
    return jnp.sum(y_true * jnp.log(y_true / y_pred), axis=-1)


def poisson(y_true, y_pred):
    y_pred = _t(y_pred)
    y_true = _t(y_true, y_pred.dtype)
    eps = jnp.asarray(_eps(), y_pred.dtype)
    return jnp.mean(y_pred - y_true * jnp.log(y_pred + eps), axis=-1)


def _hinge_labels(y_true):
    is_binary = jnp.all((y_true == 0) | (y_true == 1))
    return jnp.where(is_binary, 2.0 * y_true - 1.0, y_true)


def hinge(y_true, y_pred):
    y_pred = _t(y_pred)
    y_true = _hinge_labels(_t(y_true, y_pred.dtype))
    return jnp.mean(jnp.maximum(1.0 - y_true * y_pred, 0.0), axis=-1)


def squared_hinge(y_true, y_pred):
    y_pred = _t(y_pred)
    y_true = _hinge_labels(_t(y_true, y_pred.dtype))
    return jnp.mean(jnp.square(jnp.maximum(1.0 - y_true * y_pred, 0.0)), axis=-1)


def categorical_hinge(y_true, y_pred):
    y_pred = _t(y_pred)
    y_true = _t(y_true, y_pred.dtype)
    pos = jnp.sum(y_true * y_pred, axis=-1)
    neg = jnp.max((1.0 - y_true) * y_pred, axis=-1)
    return jnp.maximum(neg - pos + 1.0, jnp.zeros((), y_pred.dtype))


def _ops_categorical_crossentropy(target, output, from_logits=False, axis=-1):
    if target.shape != output.shape:
        raise ValueError("Arguments `target` and `output` must have the same shape. Received: "
                         f"target.shape={target.shape}, output.shape={output.shape}")
    if len(target.shape) < 1:
        raise ValueError("Arguments `target` and `output` must be at least rank 1. Received: "
                         f"target.shape={target.shape}, output.shape={output.shape}")
    if from_logits:
        log_prob = jax.nn.log_softmax(output, axis=axis)
    else:
        output = output / jnp.sum(output, axis, keepdims=True)
        output = jnp.clip(output, _eps(), 1.0 - _eps())
        log_prob = jnp.log(output)
    return -jnp.sum(target * log_prob, axis=axis)


def _ops_sparse_categorical_crossentropy(target, output, from_logits=False, axis=-1):
    target = jnp.asarray(target).astype(jnp.int32)
    if len(target.shape) == len(output.shape) and target.shape[-1] == 1:
        target = jnp.squeeze(target, -1)
    if len(output.shape) < 1:
        raise ValueError("Argument `output` must be at least rank 1. Received: "
                         f"output.shape={output.shape}")
    if tuple(target.shape) != tuple(output.shape[:-1]):
        raise ValueError("Arguments `target` and `output` must have the same shape up until "
                         f"the last dimension: target.shape={tuple(target.shape)}, "
                         f"output.shape={tuple(output.shape)}")
    if from_logits:
        log_prob = jax.nn.log_softmax(output, axis=axis)
    else:
        output = output / jnp.sum(output, axis, keepdims=True)
        output = jnp.clip(output, _eps(), 1.0 - _eps())
        log_prob = jnp.log(output)
    oh = jax.nn.one_hot(target, output.shape[axis], axis=axis, dtype=log_prob.dtype)
    return -jnp.sum(oh * log_prob, axis=axis)


def _ops_binary_crossentropy(target, output, from_logits=False):
    if target.shape != output.shape:
        raise ValueError("Arguments `target` and `output` must have the same shape. Received: "
                         f"target.shape={target.shape}, output.shape={output.shape}")
    if from_logits:
        return (-1.0 * target * jax.nn.log_sigmoid(output)
                - (1.0 - target) * jax.nn.log_sigmoid(-output))
    output = jnp.clip(output, _eps(), 1.0 - _eps())
    bce = target * jnp.log(output)
    bce = bce + (1.0 - target) * jnp.log(1.0 - output)
    return -bce


def categorical_crossentropy(y_true, y_pred, from_logits=False, label_smoothing=0.0, axis=-1):
    if isinstance(axis, bool):
        raise ValueError(f"`axis` must be of type `int`. Received: axis={axis} of type "
                         f"{type(axis)}")
    y_pred = _t(y_pred)
    y_true = _t(y_true, y_pred.dtype)
    if y_pred.shape[-1] == 1:
        _warnings.warn("In loss categorical_crossentropy, expected y_pred.shape to be "
                       "(batch_size, num_classes) with num_classes > 1. Received: "
                       f"y_pred.shape={tuple(y_pred.shape)}. Consider using "
                       "'binary_crossentropy' if you only have 2 classes.", SyntaxWarning)
    if label_smoothing:
        n = jnp.asarray(y_true.shape[-1], y_pred.dtype)
        y_true = y_true * (1.0 - label_smoothing) + label_smoothing / n
    return _ops_categorical_crossentropy(y_true, y_pred, from_logits=from_logits, axis=axis)


def sparse_categorical_crossentropy(y_true, y_pred, from_logits=False, ignore_class=None,
                                    axis=-1):
    y_true = _t(y_true)
    y_pred = _t(y_pred)
    if len(y_true.shape) == len(y_pred.shape) and y_true.shape[axis] == 1:
        y_true = jnp.squeeze(y_true, axis)
    if ignore_class is not None:
        valid = y_true != jnp.asarray(ignore_class).astype(y_pred.dtype)
        y_true = jnp.where(valid, y_true, 0)
        y_pred = jnp.where(jnp.expand_dims(valid, axis), y_pred, 0)
    res = _ops_sparse_categorical_crossentropy(y_true, y_pred, from_logits=from_logits,
                                               axis=axis)
    if ignore_class is not None:
        res = jnp.where(valid.reshape(res.shape), res, 0.0)
    return res


def binary_crossentropy(y_true, y_pred, from_logits=False, label_smoothing=0.0, axis=-1):
    y_pred = _t(y_pred)
    y_true = _t(y_true, y_pred.dtype)
    if label_smoothing:
        y_true = y_true * (1.0 - label_smoothing) + 0.5 * label_smoothing
    return jnp.mean(_ops_binary_crossentropy(y_true, y_pred, from_logits=from_logits),
                    axis=axis)


# ---- classes ------------------------------------------------------------------------------
class Loss:
    def __init__(self, name=None, reduction='sum_over_batch_size', dtype=None):
        if name is None:
            import keras.backend as kb
            name = kb.auto_name(self.__class__.__name__)
        self.name = name
        self.reduction = standardize_reduction(reduction)
        self._dtype = dtype or 'float32'

    @property
    def dtype(self):
        return self._dtype

    def __call__(self, y_true, y_pred, sample_weight=None):
        y_pred = jax.tree_util.tree_map(lambda x: _t(x, self.dtype), y_pred)
        y_true = jax.tree_util.tree_map(lambda x: _t(x, self.dtype), y_true)
        losses = self.call(y_true, y_pred)
        return reduce_weighted_values(losses, sample_weight=sample_weight,
                                      reduction=self.reduction, dtype=self.dtype)

    def call(self, y_true, y_pred):
        raise NotImplementedError

    def get_config(self):
        return {'name': self.name, 'reduction': self.reduction}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


class LossFunctionWrapper(Loss):
    def __init__(self, fn, reduction='sum_over_batch_size', name=None, dtype=None, **kwargs):
        super().__init__(name=name, reduction=reduction, dtype=dtype)
        self.fn = fn
        self._fn_kwargs = kwargs

    def call(self, y_true, y_pred):
        y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
        return self.fn(y_true, y_pred, **self._fn_kwargs)

    def get_config(self):
        c = super().get_config()
        c.update(self._fn_kwargs)
        return c

    def __repr__(self):
        return f"<LossFunctionWrapper({self.fn}, kwargs={self._fn_kwargs})>"


def _wrapper(cls_name, fn, default_name, params, cfg_keys=()):
    def __init__(self, *args, reduction='sum_over_batch_size', name=default_name, dtype=None,
                 **kwargs):
        kw = dict(params)
        for k, v in zip(params, args):
            kw[k] = v
        for k, v in kwargs.items():
            if k not in params:
                raise TypeError(f"{cls_name}.__init__() got an unexpected keyword argument "
                                f"'{k}'")
            kw[k] = v
        LossFunctionWrapper.__init__(self, fn, name=name, reduction=reduction, dtype=dtype,
                                     **kw)

    def get_config(self):
        c = Loss.get_config(self)
        c.update({k: self._fn_kwargs[k] for k in cfg_keys})
        return c

    @classmethod
    def from_config(cls, config):
        return cls(**config)
    return type(cls_name, (LossFunctionWrapper,), {'__init__': __init__,
                                                   'get_config': get_config,
                                                   'from_config': from_config})


MeanSquaredError = _wrapper('MeanSquaredError', mean_squared_error, 'mean_squared_error', {})
MeanAbsoluteError = _wrapper('MeanAbsoluteError', mean_absolute_error, 'mean_absolute_error',
                             {})
MeanAbsolutePercentageError = _wrapper('MeanAbsolutePercentageError',
                                       mean_absolute_percentage_error,
                                       'mean_absolute_percentage_error', {})
MeanSquaredLogarithmicError = _wrapper('MeanSquaredLogarithmicError',
                                       mean_squared_logarithmic_error,
                                       'mean_squared_logarithmic_error', {})
CosineSimilarity = _wrapper('CosineSimilarity', cosine_similarity, 'cosine_similarity',
                            {'axis': -1})
Huber = _wrapper('Huber', huber, 'huber_loss', {'delta': 1.0})
LogCosh = _wrapper('LogCosh', log_cosh, 'log_cosh', {})
Hinge = _wrapper('Hinge', hinge, 'hinge', {})
SquaredHinge = _wrapper('SquaredHinge', squared_hinge, 'squared_hinge', {})
CategoricalHinge = _wrapper('CategoricalHinge', categorical_hinge, 'categorical_hinge', {})
KLDivergence = _wrapper('KLDivergence', kl_divergence, 'kl_divergence', {})
Poisson = _wrapper('Poisson', poisson, 'poisson', {})
BinaryCrossentropy = _wrapper('BinaryCrossentropy', binary_crossentropy, 'binary_crossentropy',
                              {'from_logits': False, 'label_smoothing': 0.0, 'axis': -1},
                              ('from_logits', 'label_smoothing', 'axis'))
CategoricalCrossentropy = _wrapper('CategoricalCrossentropy', categorical_crossentropy,
                                   'categorical_crossentropy',
                                   {'from_logits': False, 'label_smoothing': 0.0, 'axis': -1},
                              ('from_logits', 'label_smoothing', 'axis'))
SparseCategoricalCrossentropy = _wrapper('SparseCategoricalCrossentropy',
                                         sparse_categorical_crossentropy,
                                         'sparse_categorical_crossentropy',
                                         {'from_logits': False, 'ignore_class': None,
                                          'axis': -1}, ('from_logits', 'ignore_class'))

mse = MSE = mean_squared_error
mae = MAE = mean_absolute_error
mape = MAPE = mean_absolute_percentage_error
msle = MSLE = mean_squared_logarithmic_error
kld = KLD = kullback_leibler_divergence = kl_divergence
logcosh = log_cosh
huber_loss = huber

_CLASSES = [MeanSquaredError, MeanAbsoluteError, MeanAbsolutePercentageError,
            MeanSquaredLogarithmicError, CosineSimilarity, Huber, LogCosh, Hinge, SquaredHinge,
            CategoricalHinge, KLDivergence, Poisson, BinaryCrossentropy,
            CategoricalCrossentropy, SparseCategoricalCrossentropy]
_FUNCS = {f.__name__: f for f in [mean_squared_error, mean_absolute_error,
                                  mean_absolute_percentage_error,
                                  mean_squared_logarithmic_error, cosine_similarity, huber,
                                  log_cosh, hinge, squared_hinge, categorical_hinge,
                                  kl_divergence, poisson, binary_crossentropy,
                                  categorical_crossentropy, sparse_categorical_crossentropy]}
_FUNCS.update({'mse': mse, 'mae': mae, 'mape': mape, 'msle': msle, 'kld': kld,
               'logcosh': log_cosh, 'huber_loss': huber, 'MSE': mse, 'MAE': mae,
               'kullback_leibler_divergence': kl_divergence})


def serialize(loss):
    if isinstance(loss, Loss):
        return {'module': 'keras.losses', 'class_name': type(loss).__name__,
                'config': loss.get_config(), 'registered_name': None}
    return loss.__name__


def deserialize(name, custom_objects=None):
    if isinstance(name, dict):
        cname = name['class_name']
        for c in _CLASSES:
            if c.__name__ == cname:
                return c.from_config(name['config'])
        if custom_objects and cname in custom_objects:
            return custom_objects[cname].from_config(name['config'])
        raise ValueError(f"Could not interpret loss identifier: {name}")
    return get(name)


def get(identifier):
    if identifier is None:
        return None
    if isinstance(identifier, dict):
        return deserialize(identifier)
    if isinstance(identifier, str):
        if identifier in _FUNCS:
            return _FUNCS[identifier]
        for c in _CLASSES:
            if c.__name__ == identifier:
                return c()
    elif callable(identifier):
        return identifier
    raise ValueError(f"Could not interpret loss identifier: {identifier}")
