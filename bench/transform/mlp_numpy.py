# The recipe of bench/transform/mlp.py written by hand in NumPy (float32): the same network
# (784-512-512-10, ReLU, log-softmax), initialisation scheme (N(0, 1) * 0.01, NumPy's
# generator), loss (-mean(log_probs * one_hot)), plain SGD with step 0.01, batch 128, the same
# batch order, raw pixel values. The reference for the accuracy Sable's JAX-style run reaches.
#   build/venv/bin/python bench/transform/mlp_numpy.py [EPOCHS]
import gzip
import sys
import time
import numpy as np

D = "/usr/share/datasets/fashion-mnist/"


def idx(name, off):
    with gzip.open(D + name, "rb") as f:
        return np.frombuffer(f.read(), np.uint8, offset=off)


x_train = idx("train-images-idx3-ubyte.gz", 16).reshape(-1, 784).astype(np.float32)
y_train = idx("train-labels-idx1-ubyte.gz", 8)
x_test = idx("t10k-images-idx3-ubyte.gz", 16).reshape(-1, 784).astype(np.float32)
y_test = idx("t10k-labels-idx1-ubyte.gz", 8)
rng = np.random.default_rng(0)
sizes = [784, 512, 512, 10]
params = [((rng.standard_normal((n, m)) * 1e-2).astype(np.float32),
           (rng.standard_normal(n) * 1e-2).astype(np.float32)) for m, n in zip(sizes[:-1], sizes[1:])]
step, batch, epochs = 0.01, 128, int(sys.argv[1]) if len(sys.argv) > 1 else 10


def forward(params, x):
    acts = [x]
    pre = []
    for w, b in params[:-1]:
        z = acts[-1] @ w.T + b
        pre.append(z)
        acts.append(np.maximum(z, 0))
    w, b = params[-1]
    logits = acts[-1] @ w.T + b
    m = logits.max(axis=1, keepdims=True)
    lse = m + np.log(np.exp(logits - m).sum(axis=1, keepdims=True))
    return logits - lse, acts, pre


def accuracy(params, x, y):
    logp, _, _ = forward(params, x)
    return float(np.mean(np.argmax(logp, axis=1) == y))


onehot = np.eye(10, dtype=np.float32)[y_train]
nb = len(x_train) // batch
for epoch in range(epochs):
    t0 = time.time()
    for i in range(nb):
        x = x_train[i * batch:(i + 1) * batch]
        t = onehot[i * batch:(i + 1) * batch]
        logp, acts, pre = forward(params, x)
        # loss = -mean(logp * t) over batch and classes
        g = -t / (t.shape[0] * t.shape[1])
        p = np.exp(logp)
        dlogits = g - p * g.sum(axis=1, keepdims=True)
        grads = []
        d = dlogits
        for k in range(len(params) - 1, -1, -1):
            w, b = params[k]
            grads.append((d.T @ acts[k], d.sum(axis=0)))
            if k > 0:
                d = (d @ w) * (pre[k - 1] > 0)
        grads.reverse()
        params = [(w - step * dw, b - step * db) for (w, b), (dw, db) in zip(params, grads)]
    dt = time.time() - t0
    print("Epoch {} in {:0.2f} sec".format(epoch, dt))
    print("Training set accuracy {:.4f}".format(accuracy(params, x_train, y_train)))
    print("Test set accuracy {:.4f}".format(accuracy(params, x_test, y_test)))
