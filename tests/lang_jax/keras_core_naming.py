# keras 3.15 (JAX backend): layer and model auto-naming ("dense", "dense_1", ...), variable paths
# from name scopes, keras.Variable's API, weights/variables lists, trainable flags, Sequential add/pop.
import os
os.environ["KERAS_BACKEND"] = "jax"
import numpy as np
import keras
from keras import layers

print([layers.Dense(2).name for _ in range(3)], layers.Conv2D(1, 1).name,
      layers.BatchNormalization().name, layers.GlobalAveragePooling2D().name,
      layers.MaxPooling2D().name, layers.Dense(1, name="head").name)
s = keras.Sequential()
print(s.name, keras.Sequential().name, s.built, s.layers)
s.add(layers.Dense(4, activation="relu"))
s.add(layers.Dense(2))
print(s.built, [l.name for l in s.layers])
s(np.zeros((3, 5), np.float32))
print(s.built, [v.path for v in s.variables], s.input_shape, s.output_shape)
popped = s.pop()
print(popped.name, [l.name for l in s.layers], s.built)
s2 = keras.Sequential([layers.Dense(3, input_shape=(6,)), layers.Dense(1)])
print(s2.built, s2.input_shape, s2.output_shape, [v.path for v in s2.weights])
i = keras.Input((7,))
print(i.shape, i.dtype, i.name.startswith("keras_tensor"), keras.Input((2,), name="img").name)
d = layers.Dense(3)
d.build((None, 4))
print([v.path for v in d.weights], d.built, d.count_params())
f = keras.Model(i, layers.Dense(2)(i))
print(type(f).__name__, f.name, [l.name for l in f.layers], f.input_shape, f.output_shape)

v = keras.Variable(np.array([1.0, 2.0, 3.0]), name="w")
print(v.path, v.name, v.shape, v.dtype, v.trainable, v.numpy().tolist())
v.assign([4.0, 5.0, 6.0])
v.assign_add(np.ones(3))
v.assign_sub(np.array([0.5, 0.5, 0.5]))
print(v.numpy().tolist(), (v * 2).tolist(), (v + v).tolist(), float(v[0]))
u = keras.Variable(initializer="ones", shape=(2, 2), dtype="float32", trainable=False)
print(u.name, u.path, u.trainable, u.numpy().tolist())
iv = keras.Variable(np.arange(3), name="count")
print(iv.dtype, iv.numpy().tolist())
try:
    v.assign(np.zeros(4))
except ValueError as e:
    print("ValueError", str(e).split(".")[0])


class Block(layers.Layer):
    def __init__(self, units, **kw):
        super().__init__(**kw)
        self.units = units
        self.inner = layers.Dense(units, kernel_initializer="ones")

    def build(self, input_shape):
        self.scale = self.add_weight(shape=(self.units,), initializer="ones", name="scale")
        self.count = self.add_weight(shape=(), initializer="zeros", trainable=False,
                                     name="count", dtype="int32")

    def call(self, x):
        self.count.assign(self.count + 1)
        return self.inner(x) * self.scale


blk = Block(3)
out = blk(np.ones((2, 4), np.float32))
print(blk.name, out.tolist(), blk.count.numpy().item(), [w.path for w in blk.weights])
print([w.name for w in blk.trainable_weights], [w.name for w in blk.non_trainable_weights])
blk.trainable = False
print(len(blk.trainable_weights), len(blk.non_trainable_weights), blk.inner.trainable)
ws = blk.get_weights()
print([w.shape for w in ws])
blk.set_weights([np.full_like(w, 2) for w in ws])
print(blk(np.ones((1, 4), np.float32)).tolist())
try:
    blk.set_weights(ws[:1])
except ValueError as e:
    print("ValueError", e)
try:
    s.add(layers.Dense(2, name=s.layers[0].name))
except ValueError as e:
    print("ValueError", e)
