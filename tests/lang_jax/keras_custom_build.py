# keras 3.15 (JAX backend): Layer.build(shape) called directly records the build shape as
# Keras's build wrapper does (get_build_config, summary's shapes, variable paths, built).
import os
os.environ["KERAS_BACKEND"] = "jax"
import warnings
warnings.simplefilter("ignore")
import numpy as np
import keras
from keras import layers


class Scale(layers.Layer):
    def __init__(self, units=2, **kwargs):
        super().__init__(**kwargs)
        self.units = units

    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1], self.units), name="w")

    def call(self, x):
        return x @ self.w


class NoShape(layers.Layer):
    def build(self, shape_a, shape_b=None):
        self.v = self.add_weight(shape=(shape_a[-1],), name="v")

    def call(self, a):
        return a * self.v


d = layers.Dense(3)
d.build((None, 4))
print(d.built, d.get_build_config(), [v.path for v in d.weights])
d2 = layers.Dense(3, name="listy")
d2.build([None, 5])
print(d2.get_build_config(), d2.kernel.shape)
s = Scale(name="scale")
print(s.built, s.get_build_config())
s.build((None, 6))
print(s.built, s.get_build_config(), s.w.path, s.compute_output_spec(keras.KerasTensor((None, 6))).shape)
n = NoShape()
n.build((2, 7), shape_b=(1,))
print(n.built, n.get_build_config(), n.v.path)
n2 = NoShape(name="n2")
n2.build((3, 2))
print(n2.get_build_config())
cfg = keras.layers.serialize(d)
print(sorted(cfg), cfg["build_config"])
d3 = keras.layers.deserialize(cfg)
print(d3.built, d3.get_build_config(), [tuple(v.shape) for v in d3.weights])


class Sub(keras.Model):
    def __init__(self):
        super().__init__()
        self.d1 = layers.Dense(8, activation="relu")
        self.s = Scale(3)
        self.d2 = layers.Dense(2)

    def build(self, input_shape):
        self.d1.build(input_shape)
        self.s.build(input_shape[:-1] + (8,))
        self.d2.build(input_shape[:-1] + (3,))

    def call(self, x):
        return self.d2(self.s(self.d1(x)))


m = Sub()
m.build((None, 4))
print(m.built, m.get_build_config(), [l.get_build_config() for l in m.layers])
print([v.path for v in m.weights])
m.summary(line_length=80)
print(m(np.ones((2, 4), np.float32)).shape)
m.summary(line_length=80)

seq = keras.Sequential([layers.Dense(5), layers.Dense(1)])
seq.build((None, 3))
print(seq.get_build_config(), [l.get_build_config() for l in seq.layers])
seq.summary(line_length=80)
