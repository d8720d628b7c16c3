# Keras 3.15 (jax backend): a Bidirectional model saved and reloaded (and rebuilt from its config)
# keeps Keras's weight paths: the reloaded inner layers are built outside the model's scopes.
import os
os.environ["KERAS_BACKEND"] = "jax"
import shutil
import tempfile
import numpy as np
import keras
from keras import layers

m = keras.Sequential([keras.Input((5, 3)), layers.Bidirectional(layers.LSTM(2, return_sequences=True)),
                      layers.Bidirectional(layers.GRU(2), merge_mode='sum'), layers.Dense(1)])
m.set_weights([np.linspace(-0.5, 0.5, w.size).reshape(w.shape).astype('float32') for w in m.get_weights()])
print([w.path for w in m.weights])
x = np.linspace(-1, 1, 30).reshape(2, 5, 3).astype('float32')
d = tempfile.mkdtemp()
try:
    m.save(os.path.join(d, 'bidi.keras'))
    m2 = keras.models.load_model(os.path.join(d, 'bidi.keras'))
finally:
    shutil.rmtree(d)
print([w.path for w in m2.weights])
print(np.allclose(m.predict(x, verbose=0), m2.predict(x, verbose=0)))
b = m2.layers[0]
print(b.forward_layer.name, b.backward_layer.name, b.forward_layer.cell.name)
print([w.path for w in b.forward_layer.weights], [w.path for w in b.backward_layer.weights])
m3 = keras.Sequential.from_config(m.get_config())
print([w.path for w in m3.weights])

inp = keras.Input((4, 3))
out = layers.Bidirectional(layers.SimpleRNN(2), name='bi')(inp)
f = keras.Model(inp, out)
f2 = keras.Model.from_config(f.get_config())
print([w.path for w in f.weights], [w.path for w in f2.weights])
