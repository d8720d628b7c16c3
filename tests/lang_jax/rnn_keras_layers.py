# keras 3.15 (JAX backend) recurrent layers: initial weights for a seed (orthogonal recurrent
# kernels), forward outputs with masks, go_backwards, return_state, Bidirectional merge modes,
# dropout in training, gradients through stateless_call, and summary() rows.
import os
os.environ["KERAS_BACKEND"] = "jax"
import random
import numpy as np
import jax
import jax.numpy as jnp
import keras
from keras import layers


def r(a):
    return np.round(np.asarray(a, dtype=np.float64), 4).tolist()


def show(model):
    for v in model.weights:
        a = np.asarray(v.numpy(), dtype=np.float64)
        print(v.path, v.shape, round(float(a.sum()), 4), r(a.reshape(-1)[:3]))


x = np.random.RandomState(0).normal(size=(2, 6, 3)).astype("float32")
for cls in [layers.SimpleRNN, layers.LSTM, layers.GRU]:
    random.seed(3)
    lay = cls(4)
    y = lay(x)
    show(lay)
    print(cls.__name__, y.shape, r(y))
    ys = cls(4, return_sequences=True, return_state=True, go_backwards=True)
    out = ys(x)
    print(len(out), [tuple(o.shape) for o in out], r(out[0][:, 1]), r(out[-1]))

random.seed(11)
tok = np.array([[3, 1, 4, 1, 0, 0], [5, 9, 2, 6, 5, 3], [2, 7, 0, 0, 0, 0]])
for cls in [layers.LSTM, layers.GRU, layers.SimpleRNN]:
    for back in (False, True):
        random.seed(11)
        m = keras.Sequential([keras.Input((6,), dtype="int32"),
                              layers.Embedding(10, 3, mask_zero=True),
                              cls(4, return_sequences=True, go_backwards=back)])
        y = m(tok)
        print(cls.__name__, "masked", back, r(y[:, -1]), r(y[2, 1:4, 0]))

random.seed(5)
for mode in ["concat", "sum", "ave", "mul", None]:
    bi = layers.Bidirectional(layers.LSTM(3, return_sequences=True), merge_mode=mode)
    out = bi(x)
    if mode is None:
        print(mode, [r(o[0, 0]) for o in out])
    else:
        print(mode, out.shape, r(out[0, 0]), r(out[1, -1]))
show(bi)
bs = layers.Bidirectional(layers.GRU(2, return_state=True))
o = bs(x)
print(len(o), [tuple(t.shape) for t in o], r(o[0]))

random.seed(9)
d = layers.LSTM(4, dropout=0.5, recurrent_dropout=0.3, seed=7)
print("dropout train", r(d(x, training=True)[0]), "infer", r(d(x)[0]))
g = layers.GRU(4, dropout=0.4, seed=1)
print("gru dropout", r(g(x, training=True)[0]))

random.seed(21)
lstm = layers.LSTM(5)
lstm.build((2, 6, 3))
tv = [v.value for v in lstm.trainable_variables]
ntv = [v.value for v in lstm.non_trainable_variables]


def loss(tv):
    y, _ = lstm.stateless_call(tv, ntv, x)
    return jnp.sum(y ** 2)


grads = jax.grad(loss)(tv)
for gv in grads:
    print("grad", gv.shape, round(float(jnp.sum(gv)), 5), round(float(jnp.sum(jnp.abs(gv))), 5))
print("jit", round(float(jax.jit(loss)(tv)), 5))

random.seed(1)
model = keras.Sequential([keras.Input((10,), dtype="int32"),
                         layers.Embedding(50, 8, mask_zero=True),
                         layers.Bidirectional(layers.LSTM(6, return_sequences=True)),
                         layers.GRU(5), layers.Dense(2, activation="softmax")], name="rnn_model")
model.summary()
print(r(model(tok[:, :5].repeat(2, axis=1))))
seq = keras.Sequential([keras.Input((20, 1)), layers.Conv1D(4, 3, activation="relu"),
                        layers.LSTM(8, return_sequences=True),
                        layers.TimeDistributed(layers.Dense(2)), layers.SimpleRNN(3)])
seq.summary()
print(r(seq(np.linspace(-1, 1, 40).reshape(2, 20, 1).astype("float32"))))
