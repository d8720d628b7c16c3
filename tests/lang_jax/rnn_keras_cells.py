# keras 3.15 (JAX backend): the generic RNN over Keras cells and a user-written cell,
# initial_state, unroll, get_config/from_config round trips, and the errors for bad inputs.
import os
os.environ["KERAS_BACKEND"] = "jax"
import random
import numpy as np
import keras
from keras import layers


def r(a):
    return np.round(np.asarray(a, dtype=np.float64), 4).tolist()


x = np.random.RandomState(2).normal(size=(3, 5, 2)).astype("float32")
random.seed(8)
for cell in [layers.SimpleRNNCell(3), layers.LSTMCell(3), layers.GRUCell(3, reset_after=False)]:
    rnn = layers.RNN(cell, return_sequences=True)
    y = rnn(x)
    print(type(cell).__name__, rnn.name, [v.path for v in rnn.weights], r(y[:, -1]))


class MinimalRNNCell(layers.Layer):
    def __init__(self, units, **kwargs):
        super().__init__(**kwargs)
        self.units = units
        self.state_size = units

    def build(self, input_shape):
        self.kernel = self.add_weight(shape=(input_shape[-1], self.units),
                                      initializer="uniform", name="kernel")
        self.recurrent_kernel = self.add_weight(shape=(self.units, self.units),
                                                initializer="uniform", name="recurrent_kernel")

    def call(self, inputs, states):
        prev = states[0]
        h = inputs @ self.kernel
        out = h + prev @ self.recurrent_kernel
        return out, [out]


random.seed(2)
custom = layers.RNN(MinimalRNNCell(4), return_state=True)
o, s = custom(x)
print("custom", r(o[0]), r(s[1]))

random.seed(6)
lstm = layers.LSTM(3, return_state=True)
h0 = np.ones((3, 3), "float32") * 0.5
c0 = np.full((3, 3), -0.25, "float32")
out, h, c = lstm(x, initial_state=[h0, c0])
print("initial_state", r(out[1]), r(c[2]))
unrolled = layers.GRU(3, unroll=True, return_sequences=True)
print("unroll", r(unrolled(x)[2]))

random.seed(10)
for layer in [layers.LSTM(4, dropout=0.1, return_sequences=True, go_backwards=True),
              layers.GRU(2, reset_after=False, activation="relu"),
              layers.SimpleRNN(3, use_bias=False, seed=4)]:
    cfg = layer.get_config()
    print(type(layer).__name__, sorted(cfg))
    print(cfg["units"], cfg["return_sequences"], cfg["go_backwards"], cfg["activation"],
          cfg["recurrent_initializer"]["class_name"], cfg.get("seed"))
    clone = type(layer).from_config(cfg)
    print(clone.name, clone.units, clone.return_sequences, clone.go_backwards)
bi = layers.Bidirectional(layers.LSTM(2), merge_mode="ave")
cfg = bi.get_config()
print(sorted(cfg), cfg["merge_mode"], cfg["layer"]["class_name"])
bi2 = layers.Bidirectional.from_config(cfg)
print(bi2.forward_layer.name, bi2.backward_layer.name, bi2.backward_layer.go_backwards)

for bad in [lambda: layers.LSTM(0), lambda: layers.Bidirectional(layers.GRU(2), merge_mode="x"),
            lambda: layers.SimpleRNN(2)(np.ones((2, 3), "float32")),
            lambda: layers.TimeDistributed("dense")]:
    try:
        bad()
        print("no error")
    except (ValueError, TypeError) as e:
        print(type(e).__name__, str(e).splitlines()[0][:90])

random.seed(12)
gen = layers.Bidirectional(layers.RNN(layers.GRUCell(2), return_sequences=True))
y = gen(x)
print(gen.forward_layer.name, gen.backward_layer.name, [v.path for v in gen.weights][:2])
print(y.shape, r(y[0, 0]), r(y[2, -1]))
cfg = layers.RNN(layers.LSTMCell(2), go_backwards=True).get_config()
print(sorted(cfg), cfg["cell"]["class_name"], cfg["cell"]["config"]["units"])
re = layers.RNN.from_config(cfg)
print(type(re.cell).__name__, re.go_backwards, re.cell.units)
