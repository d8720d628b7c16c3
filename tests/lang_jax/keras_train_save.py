# Keras 3.15 (jax backend): model.save / keras.models.load_model / save_weights / load_weights
# round trips (config, compile config, weights, optimizer state so training resumes the same),
# a functional model, datasets.fashion_mnist, shuffled fits under set_random_seed. Keras read
# fashion-mnist from its cache ~/.keras/datasets/fashion-mnist/ (the Debian files copied there).
import os
os.environ["KERAS_BACKEND"] = "jax"
import shutil
import tempfile
import numpy as np
import keras
from keras import layers

rng = np.random.RandomState(5)
x = rng.rand(48, 6).astype('float32')
y = (x[:, :3].sum(1) > x[:, 3:].sum(1)).astype('int32')


def r(a):
    return [round(float(v), 5) for v in np.ravel(a)]


d = tempfile.mkdtemp()
here = os.getcwd()
os.chdir(d)
try:
    keras.utils.set_random_seed(11)
    m = keras.Sequential([keras.Input((6,)), layers.Dense(8, activation='relu', name='hidden'),
                          layers.Dropout(0.25), layers.Dense(2, activation='softmax', name='out')],
                         name='clf')
    m.set_weights([np.linspace(-0.4, 0.4, 48).reshape(6, 8).astype('float32'), np.zeros(8, 'float32'),
                   np.linspace(0.3, -0.3, 16).reshape(8, 2).astype('float32'), np.zeros(2, 'float32')])
    m.compile(optimizer=keras.optimizers.Adam(0.01), loss='sparse_categorical_crossentropy',
              metrics=['accuracy'])
    h = m.fit(x, y, batch_size=12, epochs=2, verbose=0)
    print('shuffled fit', {k: r(v) for k, v in h.history.items()})
    m.save('clf.keras')
    m2 = keras.models.load_model('clf.keras')
    print(type(m2).__name__, m2.name, [l.name for l in m2.layers], m2.compiled if hasattr(m2, 'compiled') else None)
    print('same weights', all(np.array_equal(a, b) for a, b in zip(m.get_weights(), m2.get_weights())))
    print('optimizer', type(m2.optimizer).__name__, round(float(m2.optimizer.learning_rate.value), 6),
          int(m2.optimizer.iterations.value))
    print('same optimizer state', all(np.array_equal(np.asarray(a.value), np.asarray(b.value))
                                      for a, b in zip(m.optimizer.variables, m2.optimizer.variables)))
    print('evaluate', r(m.evaluate(x, y, verbose=0)), r(m2.evaluate(x, y, verbose=0)))
    print('predict', r(m2.predict(x[:2], verbose=0)))
    h1 = m.fit(x, y, batch_size=12, epochs=1, shuffle=False, verbose=0)
    h2 = m2.fit(x, y, batch_size=12, epochs=1, shuffle=False, verbose=0)
    print('resumed', r(h1.history['loss']), r(h2.history['loss']),
          all(np.allclose(a, b, atol=1e-6) for a, b in zip(m.get_weights(), m2.get_weights())))
    m.save_weights('clf.weights.h5')
    m3 = keras.Sequential([keras.Input((6,)), layers.Dense(8, activation='relu'), layers.Dropout(0.25),
                           layers.Dense(2, activation='softmax')])
    m3.load_weights('clf.weights.h5')
    print('load_weights', all(np.array_equal(a, b) for a, b in zip(m.get_weights(), m3.get_weights())))
    m4 = keras.models.load_model('clf.keras', compile=False)
    print('compile=False', getattr(m4, 'compiled', False), getattr(m4, 'optimizer', None))

    inp = keras.Input((6,), name='features')
    a = layers.Dense(5, activation='tanh', name='a')(inp)
    out = layers.Dense(1, activation='sigmoid', name='p')(a)
    f = keras.Model(inp, out, name='func')
    f.compile(optimizer=keras.optimizers.RMSprop(0.01), loss='binary_crossentropy',
              metrics=['accuracy'])
    f.fit(x, y.astype('float32'), epochs=1, batch_size=16, verbose=0, shuffle=False)
    f.save('func.keras')
    f2 = keras.models.load_model('func.keras')
    print(isinstance(f2, keras.Model), f2.name, [l.name for l in f2.layers])
    print('functional', r(f.predict(x[:3], verbose=0)), r(f2.predict(x[:3], verbose=0)))
    for bad in [lambda: m.save('model.txt'), lambda: m.save_weights('w.npz'),
                lambda: keras.models.load_model('missing.keras'),
                lambda: m3.load_weights('func.keras')]:
        try:
            bad()
        except ValueError as e:
            print(type(e).__name__, str(e).replace(d, 'DIR')[:120] if 'total' not in str(e) else '')
finally:
    os.chdir(here)
    shutil.rmtree(d)

(xtr, ytr), (xte, yte) = keras.datasets.fashion_mnist.load_data()
print('fashion_mnist', xtr.shape, xtr.dtype, ytr.shape, ytr.dtype, xte.shape, yte.shape,
      int(xtr[0].sum()), ytr[:10].tolist())
