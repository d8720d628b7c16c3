# keras 3.15 (JAX backend): fit of recurrent models with fixed initial weights, shuffle=False,
# 2 epochs: an LSTM regressor on a sine-wave series and an Embedding(mask_zero)+GRU/Bidirectional
# token classifier with dropout; History numbers and evaluate/predict against Keras.
import os
os.environ["KERAS_BACKEND"] = "jax"
import random
import numpy as np
import keras
from keras import layers


def hist(h):
    for k in sorted(h.history):
        print(k, [round(float(v), 5) for v in h.history[k]])


t = np.arange(0, 60, 0.25, dtype="float32")
wave = np.sin(t) + 0.5 * np.sin(0.37 * t)
win = 12
xs = np.stack([wave[i:i + win] for i in range(len(wave) - win)])[:, :, None]
ys = wave[win:][:, None]
random.seed(0)
reg = keras.Sequential([keras.Input((win, 1)), layers.LSTM(8), layers.Dense(1)])
reg.compile(optimizer=keras.optimizers.Adam(0.01), loss="mse", metrics=["mae"])
h = reg.fit(xs, ys, batch_size=32, epochs=2, shuffle=False, verbose=0,
            validation_split=0.2)
hist(h)
print(np.round(reg.predict(xs[:3], verbose=0).astype(np.float64), 4).tolist())

rs = np.random.RandomState(1)
n, L = 96, 9
toks = rs.randint(1, 20, size=(n, L))
lens = rs.randint(3, L + 1, size=n)
for i in range(n):
    toks[i, lens[i]:] = 0
labels = (np.array([np.sum(toks[i] % 2) for i in range(n)]) * 2 > lens).astype("int32")
random.seed(4)
clf = keras.Sequential([keras.Input((L,), dtype="int32"),
                        layers.Embedding(20, 6, mask_zero=True),
                        layers.Bidirectional(layers.GRU(5, return_sequences=True), merge_mode="sum"),
                        layers.SimpleRNN(4, dropout=0.2, seed=3),
                        layers.Dense(2, activation="softmax")])
clf.compile(optimizer=keras.optimizers.RMSprop(0.01), loss="sparse_categorical_crossentropy",
            metrics=["accuracy"])
h = clf.fit(toks, labels, batch_size=16, epochs=2, shuffle=False, verbose=0)
hist(h)
print([round(float(v), 5) for v in clf.evaluate(toks, labels, verbose=0)])
