# Keras 3.15 (jax backend): EarlyStopping (patience, min_delta, mode, baseline,
# restore_best_weights, its messages), ModelCheckpoint (save_best_only, .weights.h5 and .keras,
# filepath templates, its messages) and TerminateOnNaN, on a small Dense model with fixed weights.
import os
os.environ["KERAS_BACKEND"] = "jax"
import shutil
import tempfile
import numpy as np
import keras
from keras import layers

rng = np.random.RandomState(2)
x = rng.rand(60, 3).astype('float32')
y = (x @ np.array([2.0, -1.0, 0.5], np.float32)).astype('float32')


def model(lr=0.1):
    m = keras.Sequential([keras.Input((3,)), layers.Dense(4, activation='relu'), layers.Dense(1)])
    m.set_weights([np.linspace(-0.5, 0.8, 12).reshape(3, 4).astype('float32'),
                   np.zeros(4, 'float32'), np.linspace(0.4, -0.3, 4).reshape(4, 1).astype('float32'),
                   np.zeros(1, 'float32')])
    m.compile(optimizer=keras.optimizers.SGD(lr, momentum=0.9), loss='mse', metrics=['mae'])
    return m


def r(a):
    return [round(float(v), 5) for v in a]


for kw in [dict(monitor='loss', patience=1), dict(monitor='val_loss', patience=2, verbose=1),
           dict(monitor='val_mae', patience=1, min_delta=0.05, verbose=1),
           dict(monitor='loss', patience=0, mode='max', verbose=1),
           dict(monitor='val_loss', patience=2, restore_best_weights=True, verbose=1),
           dict(monitor='loss', baseline=0.01, patience=2, verbose=1),
           dict(monitor='val_loss', patience=1, start_from_epoch=3)]:
    m = model(0.3)
    es = keras.callbacks.EarlyStopping(**kw)
    h = m.fit(x[:45], y[:45], batch_size=15, epochs=12, shuffle=False, verbose=0,
              validation_data=(x[45:], y[45:]), callbacks=[es])
    print(kw, '-> epochs', h.epoch, 'stopped', es.stopped_epoch, 'best', round(float(es.best), 5),
          'wait', es.wait)
    print('   loss', r(h.history['loss']), 'val_loss', r(h.history['val_loss']))
    print('   weights', np.round(m.get_weights()[2].ravel(), 5).tolist())

d = tempfile.mkdtemp()
here = os.getcwd()
os.chdir(d)
try:
    m = model(0.3)
    ck = keras.callbacks.ModelCheckpoint('best.weights.h5', monitor='val_loss',
                                         save_best_only=True, save_weights_only=True, verbose=1)
    ck2 = keras.callbacks.ModelCheckpoint('m_{epoch:02d}_{loss:.3f}.keras',
                                          monitor='loss')
    h = m.fit(x[:45], y[:45], batch_size=15, epochs=6, shuffle=False, verbose=0,
              validation_data=(x[45:], y[45:]), callbacks=[ck, ck2])
    print('files', sorted(f for f in os.listdir(d)))
    print('val_loss', r(h.history['val_loss']), 'best', round(float(ck.best), 5))
    m2 = model()
    m2.load_weights('best.weights.h5')
    best = int(np.argmin(h.history['val_loss']))
    print('best epoch', best + 1, 'evaluate', r(m2.evaluate(x[45:], y[45:], verbose=0)))
    m3 = keras.models.load_model('m_06_%.3f.keras' % h.history['loss'][-1])
    print('last model', r(m3.evaluate(x[45:], y[45:], verbose=0)),
          r(m.evaluate(x[45:], y[45:], verbose=0)))
    for bad in [lambda: keras.callbacks.ModelCheckpoint('a.h5', save_weights_only=True),
                lambda: keras.callbacks.ModelCheckpoint('a.txt')]:
        try:
            bad()
        except ValueError as e:
            print('ValueError', str(e).replace(d, 'DIR'))
finally:
    os.chdir(here)
    shutil.rmtree(d)

m = model(1e6)
h = m.fit(x, y * 1e20, batch_size=20, epochs=3, shuffle=False, verbose=0,
          callbacks=[keras.callbacks.TerminateOnNaN()])
print('nan', h.epoch, [str(v) for v in h.history['loss']])

# LearningRateScheduler (one-argument schedule) and ReduceLROnPlateau messages at verbose=1
xs = np.linspace(0, 1, 30, dtype='float32').reshape(10, 3)
m = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
m.set_weights([np.zeros((3, 1), 'float32'), np.zeros(1, 'float32')])
m.compile(optimizer=keras.optimizers.SGD(0.01), loss='mse')
h = m.fit(xs, xs.sum(1), epochs=4, verbose=0, callbacks=[
    keras.callbacks.LearningRateScheduler(lambda e: 0.01 / (e + 1), verbose=1),
    keras.callbacks.ReduceLROnPlateau('loss', patience=1, min_delta=100, verbose=1, factor=0.5)])
print({k: [round(v, 5) for v in vs] for k, vs in h.history.items()})
