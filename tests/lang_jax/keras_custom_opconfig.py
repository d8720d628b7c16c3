# keras 3.15 (JAX backend): op nodes (arithmetic, keras.ops, indexing on KerasTensors) in a
# functional model's get_config (an op's constants given by keyword, as here, go into its config
# as Keras's constructor arguments), and the model rebuilt from it and from a .keras file.
import os
import json
import tempfile
os.environ["KERAS_BACKEND"] = "jax"
import numpy as np
import keras
from keras import layers, ops

a = keras.Input((4,), name="a")
h = layers.Dense(4, name="d1")(a)
z = ops.mean(h * 2 + a, axis=-1, keepdims=False)
res = layers.Dense(4, name="d2")(ops.relu(h)) + h
sl = res[:, 1:3]
out = layers.Dense(1, name="head")(ops.concatenate([sl, ops.expand_dims(z, axis=-1)], axis=-1))
m = keras.Model(a, [out, 1.0 - z])
m.set_weights([np.full(w.shape, 0.05 * (i + 1), np.float32) for i, w in enumerate(m.get_weights())])
c = m.get_config()
for l in c["layers"]:
    if l["module"].startswith("keras.src.ops"):
        print(json.dumps(l, sort_keys=True))
x = np.linspace(-1, 1, 12, dtype=np.float32).reshape(3, 4)
want = [np.asarray(v) for v in m(x)]
m2 = keras.Model.from_config(c)
print([l.name for l in m2.operations])
print([l.name for l in m2.layers])
m2.set_weights(m.get_weights())
print([bool(np.allclose(np.asarray(g), w, atol=1e-6)) for g, w in zip(m2(x), want)])
path = os.path.join(tempfile.mkdtemp(), "ops.keras")
m.save(path)
m3 = keras.models.load_model(path)
print([bool(np.allclose(np.asarray(g), w, atol=1e-6)) for g, w in zip(m3(x), want)])
print([op.name for op in m3.operations] == [op.name for op in m.operations])
