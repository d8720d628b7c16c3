#!/usr/bin/env python3
"""The MNIST-from-scratch MLP of JAX's documentation (random_layer_params,
init_network_params, predict, batched_predict via vmap, loss, a jit-ed update with grad)
trained on Fashion-MNIST by the sable binary for 50 steps of batch 128, against the same
recipe in NumPy started from the same initial parameters (saved by the Sable program): the
parameters after training must agree closely and so must the test accuracy. The full 10-epoch
run and its timings are bench/transform/mlp.py (accuracy within one point of NumPy's).
Env: SABLE (binary), SABLE_ROOT."""
import gzip
import os
import shutil
import subprocess
import sys
import tempfile

import numpy as np

ROOT = os.environ.get("SABLE_ROOT", os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))
SABLE = os.environ.get("SABLE", os.path.join(ROOT, "bin", "sable"))
DATA = "/usr/share/datasets/fashion-mnist/"
STEPS, BATCH, NTEST = 50, 128, 2000

PROG = r'''
import sys
import jax
import jax.numpy as jnp
import numpy as np
from jax import grad, jit, vmap, random
from jax.scipy.special import logsumexp
import sable.datasets as datasets

out = sys.argv[1]

def random_layer_params(m, n, key, scale=1e-2):
    w_key, b_key = random.split(key)
    return scale * random.normal(w_key, (n, m)), scale * random.normal(b_key, (n,))

def init_network_params(sizes, key):
    keys = random.split(key, len(sizes))
    return [random_layer_params(m, n, k) for m, n, k in zip(sizes[:-1], sizes[1:], keys)]

step_size = 0.01
params = init_network_params([784, 512, 512, 10], random.PRNGKey(0))
for i, (w, b) in enumerate(params):
    np.save(out + "/w%d_init.npy" % i, np.asarray(w))
    np.save(out + "/b%d_init.npy" % i, np.asarray(b))

def relu(x):
    return jnp.maximum(0, x)

def predict(params, image):
    activations = image
    for w, b in params[:-1]:
        outputs = jnp.dot(w, activations) + b
        activations = relu(outputs)
    final_w, final_b = params[-1]
    logits = jnp.dot(final_w, activations) + final_b
    return logits - logsumexp(logits)

batched_predict = vmap(predict, in_axes=(None, 0))

def one_hot(x, k, dtype=jnp.float32):
    return jnp.array(x[:, None] == jnp.arange(k), dtype)

def accuracy(params, images, targets):
    target_class = jnp.argmax(targets, axis=1)
    predicted_class = jnp.argmax(batched_predict(params, images), axis=1)
    return jnp.mean(predicted_class == target_class)

def loss(params, images, targets):
    preds = batched_predict(params, images)
    return -jnp.mean(preds * targets)

@jit
def update(params, x, y):
    grads = grad(loss)(params, x, y)
    return [(w - step_size * dw, b - step_size * db)
            for (w, b), (dw, db) in zip(params, grads)]

(xtr, ytr), (xte, yte) = datasets.fashion_mnist()
n = STEPS * BATCH
images = jnp.array(np.reshape(xtr[:n], (-1, 784)).astype(np.float32))
labels = one_hot(jnp.array(ytr[:n]), 10)
for i in range(STEPS):
    params = update(params, images[i * BATCH:(i + 1) * BATCH], labels[i * BATCH:(i + 1) * BATCH])
test_images = jnp.array(np.reshape(xte[:NTEST], (-1, 784)).astype(np.float32))
test_labels = one_hot(jnp.array(yte[:NTEST]), 10)
print("loss", float(loss(params, images[:BATCH], labels[:BATCH])))
print("test_accuracy", float(accuracy(params, test_images, test_labels)))
print("traces", update._cache_size())
for i, (w, b) in enumerate(params):
    np.save(out + "/w%d.npy" % i, np.asarray(w))
    np.save(out + "/b%d.npy" % i, np.asarray(b))
'''.replace("STEPS", str(STEPS)).replace("BATCH", str(BATCH)).replace("NTEST", str(NTEST))


def idx(name, off):
    with gzip.open(DATA + name, "rb") as f:
        return np.frombuffer(f.read(), np.uint8, offset=off)


def forward(params, x):
    acts, pre = [x], []
    for w, b in params[:-1]:
        z = acts[-1] @ w.T + b
        pre.append(z)
        acts.append(np.maximum(z, 0))
    w, b = params[-1]
    logits = acts[-1] @ w.T + b
    m = logits.max(axis=1, keepdims=True)
    return logits - (m + np.log(np.exp(logits - m).sum(axis=1, keepdims=True))), acts, pre


def numpy_train(params, x, onehot):
    for i in range(STEPS):
        xb, t = x[i * BATCH:(i + 1) * BATCH], onehot[i * BATCH:(i + 1) * BATCH]
        logp, acts, pre = forward(params, xb)
        g = -t / t.size
        d = g - np.exp(logp) * g.sum(axis=1, keepdims=True)
        grads = []
        for k in range(len(params) - 1, -1, -1):
            w, _ = params[k]
            grads.append((d.T @ acts[k], d.sum(axis=0)))
            if k > 0:
                d = (d @ w) * (pre[k - 1] > 0)
        grads.reverse()
        params = [(w - 0.01 * dw, b - 0.01 * db) for (w, b), (dw, db) in zip(params, grads)]
    return params


def main():
    if not os.path.exists(DATA + "train-images-idx3-ubyte.gz"):
        print("SKIP transform_mlp/train: no Fashion-MNIST in " + DATA)
        return 0
    tmp = tempfile.mkdtemp(prefix="sable_mlp_")
    try:
        prog = os.path.join(tmp, "mlp.py")
        with open(prog, "w") as f:
            f.write(PROG)
        p = subprocess.run([SABLE, prog, tmp], capture_output=True, text=True, timeout=600,
                           errors="replace")
        if p.returncode != 0:
            print("FAIL transform_mlp/train: exit %s: %s" % (p.returncode, " | ".join(p.stderr.strip().splitlines()[-3:])[:500]))
            return 1
        got = dict(line.split() for line in p.stdout.splitlines() if len(line.split()) == 2)
        failed = 0
        x = idx("train-images-idx3-ubyte.gz", 16).reshape(-1, 784)[:STEPS * BATCH].astype(np.float32)
        y = idx("train-labels-idx1-ubyte.gz", 8)[:STEPS * BATCH]
        xt = idx("t10k-images-idx3-ubyte.gz", 16).reshape(-1, 784)[:NTEST].astype(np.float32)
        yt = idx("t10k-labels-idx1-ubyte.gz", 8)[:NTEST]
        init = [(np.load(os.path.join(tmp, "w%d_init.npy" % i)), np.load(os.path.join(tmp, "b%d_init.npy" % i))) for i in range(3)]
        ref = numpy_train(init, x, np.eye(10, dtype=np.float32)[y])
        ref_acc = float(np.mean(np.argmax(forward(ref, xt)[0], axis=1) == yt))
        worst = 0.0
        for i in range(3):
            for name, r in (("w", ref[i][0]), ("b", ref[i][1])):
                s = np.load(os.path.join(tmp, "%s%d.npy" % (name, i)))
                worst = max(worst, float(np.max(np.abs(s - r)) / (np.max(np.abs(r)) + 1e-12)))
        print(("PASS" if worst < 2e-3 else "FAIL") + " transform_mlp/params_match_numpy" +
              ("" if worst < 2e-3 else ": relative difference %g" % worst))
        failed += worst >= 2e-3
        acc = float(got.get("test_accuracy", "nan"))
        ok = abs(acc - ref_acc) <= 0.01 and acc > 0.5
        print(("PASS" if ok else "FAIL") + " transform_mlp/test_accuracy" +
              ("" if ok else ": sable %.4f numpy %.4f" % (acc, ref_acc)))
        failed += not ok
        ok = got.get("traces") == "1"
        print(("PASS" if ok else "FAIL") + " transform_mlp/traced_once" + ("" if ok else ": %s traces" % got.get("traces")))
        failed += not ok
        return 1 if failed else 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
