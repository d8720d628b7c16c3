# env: COLUMNS=200
# keras 3.15 (JAX backend): arithmetic and keras.ops on KerasTensors in the functional API make
# operation nodes that summary() lists by Keras's names (add (Add), multiply (Multiply), ...),
# that model.layers leaves out and that share the layers' name counters; keras.activations too.
import os
os.environ["KERAS_BACKEND"] = "jax"
import numpy as np
import keras
from keras import layers, ops


def r(v, n=4):
    v = np.asarray(v, dtype=np.float64)
    return (np.round(v.reshape(-1), n) + 0.0).tolist()


a = keras.Input((4,), name="a")
b = keras.Input((4,), name="b")
h = layers.Dense(4, name="d1")(a)
s = h + b
t = s * 2
u = ops.relu(t) - a
v = ops.concatenate([u, -b], axis=-1)
w = ops.mean(v, axis=-1, keepdims=True)
z = layers.Dense(1, name="out")(v) / (w + 1.0)
m = keras.Model([a, b], z)
m.summary(line_length=150)
print([l.name for l in m.layers])
print([op.name for op in m.operations])
x1 = np.linspace(-1, 1, 8, dtype=np.float32).reshape(2, 4)
m.set_weights([np.full(w.shape, 0.1, np.float32) for w in m.get_weights()])
print(r(m.predict([x1, x1 * 0.5], verbose=0)))
print(r(m([x1, x1 * 0.5])))

# a chain: one input, the ops take one tensor each -> the three-column table
i = keras.Input((3,))
y = layers.Dense(2, name="dd")(i)
y = 1.0 - y
y = y ** 2
y = abs(y) / 3.0
y = ops.expand_dims(y, -1)
y = y[:, 0]
y = ops.cast(y > 0.5, "float32") + ops.sigmoid(y)
y = ops.sum(y, axis=-1)
m2 = keras.Model(i, y, name="chain")
m2.summary(line_length=100)
m2.set_weights([np.full(w.shape, 0.3, np.float32) for w in m2.get_weights()])
print(r(m2.predict(np.linspace(-2, 2, 6, dtype=np.float32).reshape(2, 3), verbose=0)))
print(ops.shape(y), y.shape, y.dtype)

# ops names share the layers' counters: a merge layer after two add ops
p = keras.Input((2,), name="p")
q = layers.Add()([p, p + p])
q2 = layers.Multiply(name="mul_layer")([q, 2 * q])
q3 = q2 @ ops.ones((2, 2)) - ops.matmul(q2, ops.eye(2))
m3 = keras.Model(p, [q3, q3 >= 0.0])
m3.summary(line_length=120)
print([l.name for l in m3.layers])
print([r(o) for o in m3.predict(np.array([[1.0, -2.0]], np.float32), verbose=0)])

# keras.activations on KerasTensors: one op node each, named as Keras names them (re_lu (ReLU))
i = keras.Input((3,), name="i")
y = keras.activations.relu(layers.Dense(4, name="e")(i))
y = keras.activations.softmax(keras.activations.swish(y) * keras.activations.tanh(y))
m4 = keras.Model(i, y, name="acts")
m4.summary(line_length=100)
m4.set_weights([(np.arange(w.size).reshape(w.shape) * 0.1 - 0.4).astype(np.float32) for w in m4.get_weights()])
print(r(m4.predict(np.array([[1.0, 2.0, 0.5]], np.float32), verbose=0)))
