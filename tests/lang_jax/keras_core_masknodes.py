# Keras 3.15 (jax backend): Embedding(mask_zero=True) in a functional graph makes a NotEqual
# operation node: summary() rows and "Connected to", get_config/from_config, model.layers, and
# the mask reaching the LSTM/GRU/pooling layers when the model runs.
import os
os.environ["KERAS_BACKEND"] = "jax"
import numpy as np
import keras
from keras import layers

tokens = np.array([[3, 5, 0, 0, 0, 0], [1, 2, 3, 4, 0, 0], [7, 0, 0, 0, 0, 0]], 'int32')


def fill(m):
    m.set_weights([np.linspace(-0.5, 0.5, w.size).reshape(w.shape).astype('float32')
                   for w in m.get_weights()])


inp = keras.Input((6,), dtype='int32', name='tok')
e = layers.Embedding(20, 4, mask_zero=True, name='emb')(inp)
h = layers.LSTM(3, name='lstm')(e)
out = layers.Dense(2, name='out')(h)
m = keras.Model(inp, out, name='masked')
m.summary()
print([l.name for l in m.layers])
fill(m)
print(np.round(m.predict(tokens, verbose=0), 5))
c = m.get_config()
for l in c['layers']:
    print(l['class_name'], l['name'], l.get('module'), l['inbound_nodes'])
m2 = keras.Model.from_config(m.get_config())
m2.summary()
print([l.name for l in m2.layers])
m2.set_weights(m.get_weights())
print(np.round(m2.predict(tokens, verbose=0), 5))

inp = keras.Input((6,), dtype='int32')
e = layers.Embedding(10, 3, mask_zero=True)(inp)
h = layers.Bidirectional(layers.GRU(2, return_sequences=True))(e)
h = layers.GlobalAveragePooling1D()(h)
h2 = layers.Dense(2)(h)
out = layers.Concatenate()([h, h2])
m = keras.Model(inp, out)
m.summary()
fill(m)
print(np.round(np.asarray(m(tokens)), 5))
print([l.name for l in m.layers])

s = keras.Sequential([keras.Input((6,), dtype='int32'), layers.Embedding(8, 2, mask_zero=True),
                      layers.SimpleRNN(2)])
s.summary()
fill(s)
print(np.round(s.predict(tokens, verbose=0), 5))
