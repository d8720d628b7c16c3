# Keras 3.15 (jax backend): loss functions and classes (reductions, sample weights, from_logits,
# label smoothing, by name) and stateful metrics (update_state/result/reset_state, stateless).
import os
os.environ["KERAS_BACKEND"] = "jax"
import numpy as np
import keras
from keras import losses, metrics


def r(a, n=5):
    return np.round(np.asarray(a, dtype=np.float64), n).tolist()


yt = np.array([[0., 1., 0.], [0., 0., 1.], [1., 0., 0.], [0., 1., 0.]], np.float32)
logits = np.array([[0.5, 2.0, -1.0], [1.0, 0.2, 0.3], [3.0, -2.0, 0.1], [0.0, 0.0, 0.0]],
                  np.float32)
probs = np.exp(logits) / np.exp(logits).sum(-1, keepdims=True)
sparse = np.array([1, 2, 0, 1])
yb = np.array([[1.], [0.], [1.], [0.]], np.float32)
pb = np.array([[0.9], [0.2], [0.4], [0.6]], np.float32)
reg_t = np.array([[1.0, 2.0], [0.5, -1.0], [3.0, 0.0]], np.float32)
reg_p = np.array([[0.8, 2.5], [0.0, 1.0], [3.5, -0.2]], np.float32)
sw = np.array([1.0, 0.5, 2.0, 0.0], np.float32)

print('mse', r(losses.mean_squared_error(reg_t, reg_p)), r(losses.MeanSquaredError()(reg_t, reg_p)))
print('mae', r(losses.mean_absolute_error(reg_t, reg_p)), r(losses.MeanAbsoluteError()(reg_t, reg_p)))
print('huber', r(losses.huber(reg_t, reg_p, 0.7)), r(losses.Huber(delta=0.7)(reg_t, reg_p)))
print('logcosh', r(losses.log_cosh(reg_t, reg_p)), r(losses.LogCosh()(reg_t, reg_p)))
print('mape', r(losses.MeanAbsolutePercentageError()(reg_t + 2, reg_p)))
print('msle', r(losses.MeanSquaredLogarithmicError()(np.abs(reg_t), np.abs(reg_p))))
print('cos', r(losses.CosineSimilarity()(reg_t, reg_p)))
print('kld', r(losses.kl_divergence(yt, probs)), r(losses.KLDivergence()(yt * 0.8 + 0.05, probs)))
print('cce', r(losses.categorical_crossentropy(yt, probs)),
      r(losses.CategoricalCrossentropy(from_logits=True)(yt, logits)),
      r(losses.CategoricalCrossentropy(label_smoothing=0.1)(yt, probs)))
print('scce', r(losses.sparse_categorical_crossentropy(sparse, probs)),
      r(losses.SparseCategoricalCrossentropy(from_logits=True)(sparse, logits)),
      r(losses.SparseCategoricalCrossentropy()(sparse[:, None], probs)))
print('bce', r(losses.binary_crossentropy(yb, pb)), r(losses.BinaryCrossentropy()(yb, pb)),
      r(losses.BinaryCrossentropy(from_logits=True)(yb, pb * 4 - 2)),
      r(losses.BinaryCrossentropy(label_smoothing=0.2)(yb, pb)))
print('hinge', r(losses.Hinge()(yb, pb)), r(losses.SquaredHinge()(yb, pb)),
      r(losses.CategoricalHinge()(yt, probs)), r(losses.Poisson()(yt, probs)))
print('weighted', r(losses.CategoricalCrossentropy()(yt, probs, sample_weight=sw)),
      r(losses.MeanSquaredError(reduction='sum')(reg_t, reg_p)),
      r(losses.MeanSquaredError(reduction=None)(reg_t, reg_p)),
      r(losses.MeanSquaredError(reduction='mean_with_sample_weight')(reg_t, reg_p, sample_weight=[1., 2., 0.])))
print('by name', losses.get('mse').__name__, losses.get('categorical_crossentropy').__name__,
      type(losses.get('BinaryCrossentropy')).__name__)
l = losses.SparseCategoricalCrossentropy(from_logits=True, name='my_scce')
print(l.name, l.reduction, sorted(l.get_config().items()))
print(losses.MeanSquaredError().name, losses.Huber().name, losses.BinaryCrossentropy().name)

m = metrics.SparseCategoricalAccuracy()
m.update_state(sparse, probs)
print(m.name, r(m.result()))
m.update_state([0, 0], probs[:2], sample_weight=[1.0, 3.0])
print(r(m.result()), [v.name for v in m.variables], r([v.value for v in m.variables]))
m.reset_state()
print(r(m.result()))
for mm, a, b in [(metrics.CategoricalAccuracy(), yt, probs), (metrics.BinaryAccuracy(), yb, pb),
                 (metrics.BinaryAccuracy(threshold=0.3), yb, pb),
                 (metrics.Accuracy(), [1, 2, 3, 4], [1, 2, 0, 4]),
                 (metrics.MeanSquaredError(), reg_t, reg_p), (metrics.MeanAbsoluteError(), reg_t, reg_p),
                 (metrics.RootMeanSquaredError(), reg_t, reg_p),
                 (metrics.TopKCategoricalAccuracy(k=2), yt, probs),
                 (metrics.SparseTopKCategoricalAccuracy(k=2), sparse, probs),
                 (metrics.CategoricalCrossentropy(), yt, probs),
                 (metrics.SparseCategoricalCrossentropy(from_logits=True), sparse, logits),
                 (metrics.BinaryCrossentropy(), yb, pb), (metrics.KLDivergence(), yt, probs)]:
    mm.update_state(a, b)
    mm.update_state(a, b, sample_weight=sw[:len(np.asarray(a))] if len(np.asarray(a)) == 4 else None)
    print(type(mm).__name__, mm.name, r(mm.result()))
mean = metrics.Mean(name='avg')
mean.update_state([1.0, 2.0, 3.0])
mean.update_state(5.0, sample_weight=2.0)
print('mean', r(mean.result()), r(mean.total.value), r(mean.count.value))
s = metrics.Sum()
s.update_state([1.0, 2.0, 3.5])
print('sum', r(s.result()))
m = metrics.BinaryAccuracy()
st = [v.value for v in m.variables]
st = m.stateless_update_state(st, yb, pb)
print('stateless', r(st), r(m.stateless_result(st)), r(m.result()))
print(type(metrics.get('mse')).__name__ if not callable(metrics.get('mse')) or isinstance(metrics.get('mse'), metrics.Metric) else 'fn')
