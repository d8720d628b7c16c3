# Keras 3.15 (jax backend): fit/evaluate/predict of small Dense models with fixed initial weights
# (set_weights): History numbers, shuffling through np.random (set_random_seed), sample and
# class weights, validation, steps_per_epoch, *_on_batch, LR callbacks, CSVLogger, hook order.
import os
os.environ["KERAS_BACKEND"] = "jax"
import numpy as np
import keras
from keras import layers


def r(a, n=5):
    if isinstance(a, dict):
        return {k: r(v, n) for k, v in a.items()}
    if isinstance(a, (list, tuple)):
        return [r(v, n) for v in a]
    return round(float(a), n)


rng = np.random.RandomState(0)
x = rng.rand(50, 4).astype('float32')
y_cls = (x[:, 0] + x[:, 1] > x[:, 2] + 0.5).astype('int32') + (x[:, 3] > 0.7).astype('int32')
y_reg = (x @ np.array([1.0, -2.0, 0.5, 3.0], np.float32) + 0.1).astype('float32')
y_bin = (x[:, 0] > 0.5).astype('float32')


def mlp(out, act=None, hidden=5):
    m = keras.Sequential([keras.Input((4,)), layers.Dense(hidden, activation='relu'),
                          layers.Dense(out, activation=act)])
    ws = [np.linspace(-0.6, 0.7, 4 * hidden).reshape(4, hidden).astype('float32'),
          np.linspace(-0.1, 0.1, hidden).astype('float32'),
          np.linspace(0.5, -0.5, hidden * out).reshape(hidden, out).astype('float32'),
          np.zeros(out, 'float32')]
    m.set_weights(ws)
    return m


def show(h):
    print(' history', r(h.history), h.epoch)


# 1. softmax classifier, sparse labels, Adam, validation_split, no shuffle
m = mlp(3, 'softmax')
m.compile(optimizer=keras.optimizers.Adam(0.05), loss='sparse_categorical_crossentropy',
          metrics=['accuracy'])
h = m.fit(x, y_cls, batch_size=16, epochs=3, shuffle=False, verbose=0, validation_split=0.2)
show(h)
print(' params', h.params)
print(' evaluate', r(m.evaluate(x, y_cls, verbose=0)), r(m.evaluate(x, y_cls, batch_size=7, verbose=0, return_dict=True)))
print(' predict', np.round(m.predict(x[:4], verbose=0), 5).tolist(), m.predict(x, batch_size=8, verbose=0).shape)
print(' weights', [np.round(w, 5).ravel()[:4].tolist() for w in m.get_weights()])
print(' optimizer', int(m.optimizer.iterations.value), [v.name for v in m.optimizer.variables][:4])

# 2. regression, SGD with momentum, mse + mae metrics, validation_data, shuffle with a seed
keras.utils.set_random_seed(3)
m = mlp(1)
m.compile(optimizer=keras.optimizers.SGD(0.02, momentum=0.9), loss='mse', metrics=['mae', 'mse'])
h = m.fit(x[:40], y_reg[:40], batch_size=8, epochs=4, verbose=0,
          validation_data=(x[40:], y_reg[40:]))
show(h)
print(' evaluate', r(m.evaluate(x[40:], y_reg[40:], verbose=0)))

# 3. binary classifier: 'accuracy' resolves to binary accuracy; sample weights; RMSprop
m = mlp(1, 'sigmoid')
m.compile(optimizer='rmsprop', loss='binary_crossentropy', metrics=['accuracy'])
sw = np.where(y_bin > 0, 2.0, 0.5).astype('float32')
h = m.fit(x, y_bin, sample_weight=sw, batch_size=10, epochs=2, shuffle=False, verbose=0)
show(h)

# 4. one-hot labels with categorical_crossentropy from logits, class_weight, weighted_metrics
y1h = keras.utils.to_categorical(y_cls, 3)
print(' to_categorical', y1h.shape, y1h.dtype, y1h[:2].tolist())
m = mlp(3)
m.compile(optimizer=keras.optimizers.Nadam(0.02),
          loss=keras.losses.CategoricalCrossentropy(from_logits=True),
          metrics=['accuracy', keras.metrics.CategoricalCrossentropy(from_logits=True)],
          weighted_metrics=['accuracy'])
h = m.fit(x, y1h, batch_size=12, epochs=2, shuffle=False, verbose=0,
          class_weight={0: 1.0, 1: 2.0, 2: 0.5})
show(h)

# 5. steps_per_epoch, initial_epoch, LearningRateScheduler, CSVLogger, LambdaCallback
m = mlp(1)
m.compile(optimizer=keras.optimizers.SGD(0.05), loss='mae')
seen = []
cbs = [keras.callbacks.LearningRateScheduler(lambda e, lr: lr * 0.5),
       keras.callbacks.CSVLogger('/tmp/_keras_train_fit.csv'),
       keras.callbacks.LambdaCallback(on_epoch_end=lambda e, logs: seen.append((e, sorted(logs))))]
h = m.fit(x, y_reg, batch_size=10, epochs=4, initial_epoch=1, steps_per_epoch=3, shuffle=False,
          verbose=0, callbacks=cbs)
show(h)
print(' seen', seen, r(m.optimizer.learning_rate.value))
for line in open('/tmp/_keras_train_fit.csv').read().split('\r\n'):
    print(' csv', [c if not c[:1].isdigit() or '.' not in c else r(float(c)) for c in line.split(',')])
os.remove('/tmp/_keras_train_fit.csv')

# 6. ReduceLROnPlateau and a custom Callback recording the hook order
class Rec(keras.callbacks.Callback):
    def __init__(self):
        super().__init__()
        self.calls = []

    def on_train_begin(self, logs=None):
        self.calls.append('train_begin')

    def on_epoch_begin(self, epoch, logs=None):
        self.calls.append(f'epoch_begin{epoch}')

    def on_train_batch_end(self, batch, logs=None):
        self.calls.append(f'batch_end{batch}:{sorted(logs)}')

    def on_test_begin(self, logs=None):
        self.calls.append('test_begin')

    def on_test_end(self, logs=None):
        self.calls.append(f'test_end:{sorted(logs)}')

    def on_epoch_end(self, epoch, logs=None):
        self.calls.append(f'epoch_end{epoch}:{sorted(logs)}')

    def on_train_end(self, logs=None):
        self.calls.append(f'train_end:{sorted(logs)}')


rec = Rec()
m = mlp(1)
m.compile(optimizer=keras.optimizers.Adam(0.5), loss='mse')
h = m.fit(x, y_reg, batch_size=25, epochs=4, shuffle=False, verbose=0,
          validation_data=(x[:10], y_reg[:10]),
          callbacks=[keras.callbacks.ReduceLROnPlateau('loss', factor=0.5, patience=1,
                                                       min_delta=10.0), rec])
show(h)
print(' calls', rec.calls)

# 7. train_on_batch / test_on_batch / predict_on_batch
m = mlp(3, 'softmax')
m.compile(optimizer=keras.optimizers.Adagrad(0.1), loss='sparse_categorical_crossentropy',
          metrics=['accuracy'])
print(' train_on_batch', r(m.train_on_batch(x[:20], y_cls[:20])),
      r(m.train_on_batch(x[:20], y_cls[:20], return_dict=True)))
print(' test_on_batch', r(m.test_on_batch(x[20:], y_cls[20:])))
p = m.predict_on_batch(x[:2])
print(' predict_on_batch', type(p).__name__, np.round(p, 5).tolist())

# 8. a model without metrics: evaluate returns a float; compile errors
m = mlp(1)
m.compile(optimizer='adam', loss='huber')
print(' evaluate', r(m.evaluate(x, y_reg, verbose=0)), type(m.evaluate(x, y_reg, verbose=0)).__name__)
try:
    mlp(1).fit(x, y_reg, verbose=0)
except ValueError as e:
    print(' ValueError', e)
try:
    m.fit(x, y_reg, validation_split=0.01, verbose=0)
except ValueError as e:
    print(' ValueError', e)
