# Keras 3.15 (jax backend): Model.metrics / metrics_names / get_metrics_result / reset_metrics
# before and after compile, fit and evaluate; evaluate(return_dict=True); multi-output order.
import os
os.environ["KERAS_BACKEND"] = "jax"
import numpy as np
import keras
from keras import layers


def r(a):
    if isinstance(a, dict):
        return {k: r(v) for k, v in a.items()}
    if isinstance(a, (list, tuple)):
        return [r(v) for v in a]
    return round(float(a), 4)


def desc(m):
    return [(type(mm).__name__, mm.name, len(mm.variables)) for mm in m.metrics], m.metrics_names


rng = np.random.RandomState(0)
x = rng.rand(40, 4).astype('float32')
y = (x[:, 0] > 0.5).astype('int32')
m = keras.Sequential([keras.Input((4,)), layers.Dense(3, activation='relu'), layers.Dense(2)])
m.set_weights([np.linspace(-0.5, 0.5, 12).reshape(4, 3).astype('float32'), np.zeros(3, 'float32'),
               np.linspace(-0.4, 0.6, 6).reshape(3, 2).astype('float32'), np.zeros(2, 'float32')])
print("before compile", desc(m))
m.compile(optimizer=keras.optimizers.SGD(0.1),
          loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
          metrics=['accuracy', keras.metrics.SparseCategoricalCrossentropy(from_logits=True, name='xe')],
          weighted_metrics=['accuracy'])
print("compiled", desc(m))
try:
    print(m.get_metrics_result())
except ValueError as e:
    print("ValueError:", e)
print(r(m.metrics[0].result()))
h = m.fit(x, y, batch_size=10, epochs=2, verbose=0, shuffle=False)
print("fit", desc(m))
print(r(m.get_metrics_result()))
for mm in m.metrics:
    print(mm.name, r(mm.result()), [type(s).__name__ for s in getattr(mm, 'metrics', [])])
print([s.name for s in m.metrics[1].metrics])
m.reset_metrics()
print("reset", r(m.get_metrics_result()))
print("eval", r(m.evaluate(x, y, batch_size=16, verbose=0)))
print("after eval", r(m.get_metrics_result()))
print("evald", r(m.evaluate(x[:30], y[:30], batch_size=16, verbose=0, return_dict=True)))
m.metrics[1].reset_state()
print("cm reset", r(m.get_metrics_result()))
print(r(m.train_on_batch(x[:8], y[:8], return_dict=True)))
print(r(m.get_metrics_result()))

# no metrics: only the loss tracker
m2 = keras.Sequential([keras.Input((4,)), layers.Dense(1)])
m2.set_weights([np.full((4, 1), 0.1, 'float32'), np.zeros(1, 'float32')])
m2.compile(optimizer='sgd', loss='mse')
print("no metrics", desc(m2))
print(r(m2.evaluate(x, x[:, :1], verbose=0)), r(m2.evaluate(x, x[:, :1], verbose=0, return_dict=True)))
print(desc(m2), r(m2.get_metrics_result()))

# two outputs: per-output loss trackers come after compile_metrics
inp = keras.Input((4,), name='inp')
h1 = layers.Dense(3, activation='relu', name='hid')(inp)
o1 = layers.Dense(1, name='reg')(h1)
o2 = layers.Dense(2, activation="softmax", name="cls")(h1)
m3 = keras.Model(inp, [o1, o2])
m3.set_weights([np.linspace(-0.5, 0.5, 12).reshape(4, 3).astype('float32'), np.zeros(3, 'float32'),
                np.linspace(-0.4, 0.6, 3).reshape(3, 1).astype('float32'), np.zeros(1, 'float32'),
                np.linspace(-0.3, 0.3, 6).reshape(3, 2).astype('float32'), np.zeros(2, 'float32')])
m3.compile(optimizer=keras.optimizers.SGD(0.05), loss=['mse', 'sparse_categorical_crossentropy'],
           metrics=[['mae'], ['accuracy']])
print("multi compiled", desc(m3))
m3.fit(x, [x[:, :1], y], batch_size=20, epochs=1, verbose=0, shuffle=False)
print("multi fit", desc(m3))
print(r(m3.get_metrics_result()))
print(r(m3.evaluate(x, [x[:, :1], y], verbose=0)))
print(r(m3.evaluate(x, [x[:, :1], y], verbose=0, return_dict=True)))
print([s.name for s in m3.metrics[1].metrics])

# dict metrics with weighted ones on a two-output model
m3.compile(optimizer=keras.optimizers.SGD(0.05), loss={'reg': 'mse', 'cls': 'sparse_categorical_crossentropy'},
           metrics={'reg': ['mae', 'mse'], 'cls': 'accuracy'}, weighted_metrics={'reg': ['mae'], 'cls': ['accuracy']})
print("dict compiled", desc(m3))
print(r(m3.evaluate(x, [x[:, :1], y], verbose=0, sample_weight=np.linspace(0.5, 1.5, 40).astype('float32'))))
print(r(m3.get_metrics_result()))
print([s.name for s in m3.metrics[1].metrics], m3.metrics_names)


# metrics held as attributes of a subclassed model or of its layers come after the compiled ones
class Scaled(layers.Layer):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.seen = keras.metrics.Sum(name='seen')

    def call(self, x):
        return x * 2.0


class Sub(keras.Model):
    def __init__(self):
        super().__init__()
        self.d = layers.Dense(1)
        self.s = Scaled()
        self.tracker = keras.metrics.Mean(name='my_mean')

    def call(self, x):
        return self.d(self.s(x))


s = Sub()
print("sub", desc(s))
s.compile(optimizer='sgd', loss='mse', metrics=['mae'])
print("sub compiled", desc(s))
s.fit(x, x[:, :1], batch_size=20, verbose=0, shuffle=False)
print("sub fit", desc(s), sorted(s.get_metrics_result()))
print(sorted(s.evaluate(x, x[:, :1], verbose=0, return_dict=True)))
print(len(s.evaluate(x, x[:, :1], verbose=0)), [v.path for v in s.tracker.variables])
