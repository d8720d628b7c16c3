# Keras 3.15 (jax backend): fit of a subclassed Model (call with training=), a two-input /
# two-output functional model (a loss per output, loss_weights, metrics per output), a
# LearningRateSchedule-driven optimizer and a model with an L2 kernel regularizer.
import os
os.environ["KERAS_BACKEND"] = "jax"
import numpy as np
import keras
from keras import layers


def r(a, n=5):
    if isinstance(a, dict):
        return {k: r(v, n) for k, v in sorted(a.items())}
    if isinstance(a, (list, tuple)):
        return [r(v, n) for v in a]
    return round(float(a), n)


rng = np.random.RandomState(9)
x1 = rng.rand(36, 4).astype('float32')
x2 = rng.rand(36, 2).astype('float32')
yc = (x1[:, 0] > x2[:, 0]).astype('int32')
yr = (x1.sum(1) - x2.sum(1)).astype('float32')


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.d1 = layers.Dense(6, activation='relu')
        self.d2 = layers.Dense(2)

    def call(self, x, training=False):
        h = self.d1(x)
        if training:
            h = h * 0.9
        return self.d2(h)


net = Net()
net(x1[:1])
net.set_weights([np.linspace(-0.5, 0.5, 24).reshape(4, 6).astype('float32'), np.zeros(6, 'float32'),
                 np.linspace(0.4, -0.4, 12).reshape(6, 2).astype('float32'), np.zeros(2, 'float32')])
net.compile(optimizer=keras.optimizers.SGD(0.1),
            loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
            metrics=['accuracy'])
h = net.fit(x1, yc, batch_size=12, epochs=3, shuffle=False, verbose=0)
print('subclassed', r(h.history), r(net.evaluate(x1, yc, verbose=0)))

a = keras.Input((4,), name='a')
b = keras.Input((2,), name='b')
h1 = layers.Dense(5, activation='tanh', name='h')(layers.Concatenate()([a, b]))
cls = layers.Dense(2, activation='softmax', name='cls')(h1)
reg = layers.Dense(1, name='reg')(h1)
fm = keras.Model([a, b], [cls, reg])
fm.set_weights([np.linspace(-0.3, 0.3, 30).reshape(6, 5).astype('float32'), np.zeros(5, 'float32'),
                np.linspace(0.5, -0.5, 10).reshape(5, 2).astype('float32'), np.zeros(2, 'float32'),
                np.linspace(-0.2, 0.2, 5).reshape(5, 1).astype('float32'), np.zeros(1, 'float32')])
fm.compile(optimizer=keras.optimizers.Adam(0.02),
           loss=['sparse_categorical_crossentropy', 'mse'], loss_weights=[1.0, 0.5],
           metrics=[['accuracy'], ['mae']])
h = fm.fit([x1, x2], [yc, yr], batch_size=9, epochs=2, shuffle=False, verbose=0)
print('two outputs', r(h.history))
print('  evaluate', r(fm.evaluate([x1, x2], [yc, yr], verbose=0, return_dict=True)))
p = fm.predict([x1[:2], x2[:2]], verbose=0)
print('  predict', type(p).__name__, [np.round(q, 5).tolist() for q in p])

sched = keras.optimizers.schedules.ExponentialDecay(0.1, decay_steps=2, decay_rate=0.5)
m = keras.Sequential([keras.Input((4,)),
                      layers.Dense(3, activation='relu', kernel_regularizer=keras.regularizers.L2(0.05)),
                      layers.Dense(1)])
m.set_weights([np.linspace(-0.5, 0.5, 12).reshape(4, 3).astype('float32'), np.zeros(3, 'float32'),
               np.linspace(0.3, -0.3, 3).reshape(3, 1).astype('float32'), np.zeros(1, 'float32')])
m.compile(optimizer=keras.optimizers.SGD(learning_rate=sched, momentum=0.5), loss='mse')
h = m.fit(x1, yr, batch_size=12, epochs=3, shuffle=False, verbose=0)
print('regularized', r(h.history), r(m.evaluate(x1, yr, verbose=0)), int(m.optimizer.iterations.value),
      r(m.optimizer.learning_rate))
