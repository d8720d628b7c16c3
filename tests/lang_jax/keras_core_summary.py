# keras 3.15 (JAX backend): Model.summary() text for Sequential, functional (multi-input,
# multi-output, with "Connected to"), subclassed, unbuilt and nested models; parameter counts and sizes.
import os
os.environ["KERAS_BACKEND"] = "jax"
os.environ["COLUMNS"] = "80"
import numpy as np
import keras
from keras import layers

m = keras.Sequential([keras.Input((28, 28, 1)), layers.Conv2D(6, 5, padding="same", activation="relu"),
    layers.MaxPooling2D(), layers.Conv2D(16, 5, activation="relu"), layers.AveragePooling2D(2),
    layers.Flatten(), layers.Dense(120, activation="relu"), layers.BatchNormalization(),
    layers.Dropout(0.2), layers.Dense(84, activation="relu"), layers.Dense(10, activation="softmax")], name="lenet5")
m.summary()
a = keras.Input((8,), name="input_a"); b = keras.Input((4,), name="input_b")
x = layers.Dense(16, activation="relu", name="branch_a")(a)
y = layers.Dense(16, activation="relu", name="branch_b")(b)
c = layers.Concatenate(name="merge")([x, y])
s = layers.Add()([x, y])
o1 = layers.Dense(1, name="out_reg")(c)
o2 = layers.Dense(3, activation="softmax", name="out_cls")(layers.LayerNormalization()(s))
fm = keras.Model(inputs=[a, b], outputs=[o1, o2], name="two_heads")
fm.summary()
fm.summary(line_length=100)
e = keras.Sequential([layers.Embedding(100, 8, mask_zero=True), layers.GlobalAveragePooling1D(), layers.Dense(1)])
e.build((None, 12))
e.summary()
u = keras.Sequential([layers.Dense(4)])
u.summary()
u(np.zeros((3, 5), np.float32))
u.summary()
inp = keras.Input((10,))
h = layers.Dense(32, activation="relu")(inp)
h = layers.Dropout(0.5)(h)
out = layers.Dense(2)(h)
f = keras.Model(inp, out)
f.summary()
outer = keras.Sequential([keras.Input((10,)), f, layers.Dense(1, use_bias=False)], name="outer")
outer.summary()
bigx = keras.Input((32, 32, 3))
t = layers.Conv2D(16, 3, padding="same")(bigx)
t = layers.Flatten()(t)
big = keras.Model(bigx, layers.Dense(100)(t), name="big")
big.summary()
big.layers[1].trainable = False
big.summary()
lines = []
big.summary(print_fn=lambda s, **kw: lines.append(s))
print(len(lines), lines[0].splitlines()[-1])


class Tiny(keras.Model):
    def __init__(self):
        super().__init__(name="tiny")
        self.a = layers.Dense(3)
        self.b = layers.Dense(1)

    def call(self, x):
        return self.b(self.a(x))


tm = Tiny()
tm(np.ones((2, 4), np.float32))
tm.summary()
print(m.count_params(), fm.count_params(), [l.count_params() for l in fm.layers])
