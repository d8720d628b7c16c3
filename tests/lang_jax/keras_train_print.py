# Keras 3.15 (jax backend): the text fit/evaluate/predict print at verbose 1, 2 and "auto" in a
# non-tty (the final bar of each epoch after its last '\r'), with the timings masked.
import os
os.environ["KERAS_BACKEND"] = "jax"
import io
import re
import sys
import numpy as np
import keras
from keras import layers

rng = np.random.RandomState(1)
x = rng.rand(70, 3).astype('float32')
y = (x.sum(1) > 1.5).astype('int32')


def model():
    m = keras.Sequential([keras.Input((3,)), layers.Dense(4, activation='tanh'),
                          layers.Dense(2, activation='softmax')])
    m.set_weights([np.linspace(-1, 1, 12).reshape(3, 4).astype('float32'), np.zeros(4, 'float32'),
                   np.linspace(0.5, -0.5, 8).reshape(4, 2).astype('float32'), np.zeros(2, 'float32')])
    m.compile(optimizer=keras.optimizers.SGD(0.1), loss='sparse_categorical_crossentropy',
              metrics=['accuracy'])
    return m


def mask(s):
    s = re.sub(r'\d+(ms|us|s)/step', 'T/step', s)
    s = re.sub(r'\x1b\[1m\d+s\x1b\[0m', '\x1b[1mTs\x1b[0m', s)
    return re.sub(r' - \d+s - ', ' - Ts - ', s)


def run(label, fn):
    old = sys.stdout
    sys.stdout = buf = io.StringIO()
    try:
        ret = fn()
    finally:
        sys.stdout = old
    text = buf.getvalue()
    lines = [ln.split('\r')[-1] for ln in text.split('\n')]
    print(label, repr(ret) if not hasattr(ret, 'history') else '', '\r' in text)
    for ln in lines:
        print('  |' + ascii(mask(ln).rstrip(' ')))


m = model()
run('fit verbose=1', lambda: m.fit(x, y, batch_size=16, epochs=2, shuffle=False, verbose=1))
run('fit verbose=2', lambda: m.fit(x, y, batch_size=32, epochs=2, shuffle=False, verbose=2,
                                   validation_split=0.3))
run('fit auto, 1 epoch', lambda: m.fit(x, y, batch_size=70, epochs=1, shuffle=False))
run('evaluate verbose=1', lambda: [round(v, 5) for v in m.evaluate(x, y, batch_size=35)])
run('evaluate verbose=2', lambda: [round(v, 5) for v in m.evaluate(x, y, batch_size=35, verbose=2)])
run('predict', lambda: m.predict(x, batch_size=50).shape)
run('predict verbose=2', lambda: m.predict(x, batch_size=50, verbose=2).shape)
m2 = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
m2.compile(optimizer=keras.optimizers.SGD(1e-4), loss='mse')
m2.set_weights([np.zeros((3, 1), 'float32'), np.zeros(1, 'float32')])
run('small loss', lambda: m2.fit(x, x[:, :1] * 1e-2, batch_size=70, epochs=1, verbose=2))
pb = keras.utils.Progbar(4, verbose=2)
run('progbar', lambda: [pb.update(i, [('a', i * 1.5)]) for i in range(1, 5)])
