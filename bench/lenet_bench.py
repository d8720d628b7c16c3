"""lenet_bench.py - LeNet-5 on Fashion-MNIST (batch 1024, Adam 0.005) trained the same way in Sable
(pure JAX + optax, Flax + TrainState, Keras) and in real JAX/Flax/Keras-on-JAX/PyTorch; one table.

Run with any Python 3: `python3 bench/lenet_bench.py [--epochs 3] [--n-train 10240] [--out FILE]`.
It starts one worker process per implementation (`--worker NAME`, the same file run by bin/sable or
by a reference venv's Python) and collects one JSON line from each. Reference interpreters:
/tmp/refvenv-flax (jax, flax, optax), /tmp/refvenv-keras (keras, jax), /tmp/nb-torch (torch CPU);
a missing one is reported as skipped."""
import json
import os
import subprocess
import sys
import time

DATA = "/usr/share/datasets/fashion-mnist/"
BATCH = 1024
LR = 0.005


def load(n_train):
    """Fashion-MNIST as float32 NHWC in [0, 1] and int32 labels, read from the local gz files."""
    import gzip
    import numpy as np

    def images(name):
        with gzip.open(DATA + name, "rb") as f:
            raw = f.read()
        return np.frombuffer(raw[16:], dtype=np.uint8).reshape(-1, 28, 28, 1).astype(np.float32) / 255.0

    def labels(name):
        with gzip.open(DATA + name, "rb") as f:
            raw = f.read()
        return np.frombuffer(raw[8:], dtype=np.uint8).astype(np.int32)

    xtr, ytr = images("train-images-idx3-ubyte.gz")[:n_train], labels("train-labels-idx1-ubyte.gz")[:n_train]
    xte, yte = images("t10k-images-idx3-ubyte.gz"), labels("t10k-labels-idx1-ubyte.gz")
    return xtr, ytr, xte, yte


def batches(n, epoch):
    import numpy as np
    perm = np.random.RandomState(epoch).permutation(n)
    return [perm[i:i + BATCH] for i in range(0, n, BATCH)]


def lenet_jax():
    """LeNet-5 in pure JAX + optax: initial parameters (PRNGKey(0), He normal), the optimizer, the
    model and one jit-ed Adam step. worker_jax and bench/jit_bench.py both train this."""
    import jax
    import jax.numpy as jnp
    import optax

    def he(k, shape, fan_in):
        return jax.random.normal(k, shape) * jnp.sqrt(2.0 / fan_in)
    ks = jax.random.split(jax.random.PRNGKey(0), 5)
    params = {"c1": (he(ks[0], (5, 5, 1, 6), 25), jnp.zeros(6)), "c2": (he(ks[1], (5, 5, 6, 16), 150), jnp.zeros(16)),
              "f1": (he(ks[2], (400, 120), 400), jnp.zeros(120)), "f2": (he(ks[3], (120, 84), 120), jnp.zeros(84)),
              "f3": (he(ks[4], (84, 10), 84), jnp.zeros(10))}

    def conv(x, wb, pad):
        y = jax.lax.conv_general_dilated(x, wb[0], (1, 1), pad, dimension_numbers=("NHWC", "HWIO", "NHWC"))
        return jax.nn.relu(y + wb[1])

    def pool(x):
        return jax.lax.reduce_window(x, 0.0, jax.lax.add, (1, 2, 2, 1), (1, 2, 2, 1), "VALID") / 4.0

    def model(p, x):
        x = pool(conv(x, p["c1"], "SAME"))
        x = pool(conv(x, p["c2"], "VALID"))
        x = x.reshape(x.shape[0], -1)
        x = jax.nn.relu(x @ p["f1"][0] + p["f1"][1])
        x = jax.nn.relu(x @ p["f2"][0] + p["f2"][1])
        return x @ p["f3"][0] + p["f3"][1]

    opt = optax.adam(LR)

    @jax.jit
    def step(p, s, x, y):
        loss, g = jax.value_and_grad(lambda q: optax.softmax_cross_entropy_with_integer_labels(model(q, x), y).mean())(p)
        u, s = opt.update(g, s, p)
        return optax.apply_updates(p, u), s, loss

    return params, opt, model, step


def worker_jax(xtr, ytr, xte, yte, epochs):
    import jax
    import jax.numpy as jnp
    import numpy as np

    params, opt, model, step = lenet_jax()
    state = opt.init(params)

    predict = jax.jit(lambda p, x: jnp.argmax(model(p, x), -1))
    times = []
    for e in range(epochs):
        t = time.perf_counter()
        for idx in batches(len(xtr), e):
            params, state, loss = step(params, state, xtr[idx], ytr[idx])
        loss.block_until_ready()
        times.append(time.perf_counter() - t)
    correct = sum(int((np.asarray(predict(params, xte[i:i + BATCH])) == yte[i:i + BATCH]).sum())
                  for i in range(0, len(xte), BATCH))
    return times, correct / len(xte), float(loss)


def worker_flax(xtr, ytr, xte, yte, epochs):
    import flax.linen as nn
    import jax
    import jax.numpy as jnp
    import numpy as np
    import optax
    from flax.training import train_state

    class LeNet5(nn.Module):
        @nn.compact
        def __call__(self, x):
            x = nn.avg_pool(nn.relu(nn.Conv(6, (5, 5), padding="SAME")(x)), (2, 2), strides=(2, 2))
            x = nn.avg_pool(nn.relu(nn.Conv(16, (5, 5), padding="VALID")(x)), (2, 2), strides=(2, 2))
            x = x.reshape((x.shape[0], -1))
            x = nn.relu(nn.Dense(120)(x))
            x = nn.relu(nn.Dense(84)(x))
            return nn.Dense(10)(x)

    model = LeNet5()
    params = model.init(jax.random.PRNGKey(0), jnp.ones((1, 28, 28, 1)))["params"]
    state = train_state.TrainState.create(apply_fn=model.apply, params=params, tx=optax.adam(LR))

    @jax.jit
    def step(state, x, y):
        def lf(p):
            return optax.softmax_cross_entropy_with_integer_labels(state.apply_fn({"params": p}, x), y).mean()
        loss, g = jax.value_and_grad(lf)(state.params)
        return state.apply_gradients(grads=g), loss

    predict = jax.jit(lambda p, x: jnp.argmax(model.apply({"params": p}, x), -1))
    times = []
    for e in range(epochs):
        t = time.perf_counter()
        for idx in batches(len(xtr), e):
            state, loss = step(state, xtr[idx], ytr[idx])
        loss.block_until_ready()
        times.append(time.perf_counter() - t)
    correct = sum(int((np.asarray(predict(state.params, xte[i:i + BATCH])) == yte[i:i + BATCH]).sum())
                  for i in range(0, len(xte), BATCH))
    return times, correct / len(xte), float(loss)


def worker_keras(xtr, ytr, xte, yte, epochs):
    import keras
    from keras import layers
    keras.utils.set_random_seed(0)
    model = keras.Sequential([
        keras.Input(shape=(28, 28, 1)),
        layers.Conv2D(6, 5, padding="same", activation="relu"), layers.AveragePooling2D(2),
        layers.Conv2D(16, 5, activation="relu"), layers.AveragePooling2D(2),
        layers.Flatten(), layers.Dense(120, activation="relu"), layers.Dense(84, activation="relu"), layers.Dense(10)])
    model.compile(optimizer=keras.optimizers.Adam(learning_rate=LR),
                  loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=["accuracy"])
    times = []

    class Timer(keras.callbacks.Callback):
        def on_epoch_begin(self, epoch, logs=None):
            self.t = time.perf_counter()

        def on_epoch_end(self, epoch, logs=None):
            times.append(time.perf_counter() - self.t)

    hist = model.fit(xtr, ytr, batch_size=BATCH, epochs=epochs, verbose=0, callbacks=[Timer()])
    _, acc = model.evaluate(xte, yte, batch_size=BATCH, verbose=0)
    return times, float(acc), float(hist.history["loss"][-1])


def worker_torch(xtr, ytr, xte, yte, epochs):
    import torch
    from torch import nn
    torch.manual_seed(0)
    model = nn.Sequential(
        nn.Conv2d(1, 6, 5, padding=2), nn.ReLU(), nn.AvgPool2d(2),
        nn.Conv2d(6, 16, 5), nn.ReLU(), nn.AvgPool2d(2), nn.Flatten(),
        nn.Linear(400, 120), nn.ReLU(), nn.Linear(120, 84), nn.ReLU(), nn.Linear(84, 10))
    opt = torch.optim.Adam(model.parameters(), lr=LR)
    X = torch.from_numpy(xtr.transpose(0, 3, 1, 2).copy())
    Y = torch.from_numpy(ytr.astype("int64"))
    times = []
    for e in range(epochs):
        t = time.perf_counter()
        for idx in batches(len(xtr), e):
            idx = torch.from_numpy(idx)
            opt.zero_grad()
            loss = nn.functional.cross_entropy(model(X[idx]), Y[idx])
            loss.backward()
            opt.step()
        times.append(time.perf_counter() - t)
    with torch.no_grad():
        pred = model(torch.from_numpy(xte.transpose(0, 3, 1, 2).copy())).argmax(1).numpy()
    return times, float((pred == yte).mean()), float(loss)


WORKERS = {"jax": worker_jax, "flax": worker_flax, "keras": worker_keras, "torch": worker_torch}

# (label, interpreter, worker); the Sable binary is found from this file's folder in main()
RUNS = [
    ("Sable: JAX + optax", "SABLE", "jax"),
    ("Sable: Flax + optax + TrainState", "SABLE", "flax"),
    ("Sable: Keras Sequential", "SABLE", "keras"),
    ("JAX + optax (jaxlib, CPU)", "/tmp/refvenv-flax/bin/python", "jax"),
    ("Flax + optax + TrainState (jaxlib, CPU)", "/tmp/refvenv-flax/bin/python", "flax"),
    ("Keras 3 on JAX (CPU)", "/tmp/refvenv-keras/bin/python", "keras"),
    ("PyTorch (CPU)", "/tmp/nb-torch/bin/python", "torch"),
]


def arg(name, default):
    return type(default)(sys.argv[sys.argv.index(name) + 1]) if name in sys.argv else default


def main():
    epochs, n_train = arg("--epochs", 3), arg("--n-train", 10240)
    if "--worker" in sys.argv:
        xtr, ytr, xte, yte = load(n_train)
        times, acc, loss = WORKERS[arg("--worker", "")](xtr, ytr, xte, yte, epochs)
        print("RESULT " + json.dumps({"times": times, "acc": acc, "loss": loss}))
        return 0
    only = arg("--only", "")
    me = os.path.abspath(__file__)
    sable = os.environ.get("SABLE") or os.path.join(os.path.dirname(os.path.dirname(me)), "bin", "sable")
    env = dict(os.environ, KERAS_BACKEND="jax", JAX_PLATFORMS="cpu")
    load_before = os.getloadavg()
    rows = []
    for label, exe, name in RUNS:
        if only and only not in label:
            continue
        exe = sable if exe == "SABLE" else exe
        if not os.access(exe, os.X_OK):
            rows.append((label, None, f"skipped: {exe} not found"))
            print(label, "skipped", flush=True)
            continue
        t = time.perf_counter()
        p = subprocess.run([exe, me, "--worker", name, "--epochs", str(epochs),
                            "--n-train", str(n_train)], capture_output=True, text=True, env=env)
        wall = time.perf_counter() - t
        res = [ln for ln in p.stdout.splitlines() if ln.startswith("RESULT ")]
        if p.returncode or not res:
            tail = (p.stderr.strip().splitlines() or ["?"])[-1]
            rows.append((label, None, f"failed: {tail[:120]}"))
        else:
            r = json.loads(res[-1][7:])
            r["wall"] = wall
            rows.append((label, r, ""))
        print(label, rows[-1][1] or rows[-1][2], flush=True)
    load_after = os.getloadavg()
    lines = [f"LeNet-5, Fashion-MNIST: {n_train} training images, {epochs} epochs, batch {BATCH}, Adam {LR}; "
             f"test accuracy on all 10000 test images.",
             f"Machine: {os.cpu_count()} CPUs; load average before {load_before[0]:.1f}, after {load_after[0]:.1f}.",
             "", "| implementation | first epoch (s) | epoch after the first (s, mean) | test accuracy | final loss |",
             "|---|---|---|---|---|"]
    for label, r, why in rows:
        if r is None:
            lines.append(f"| {label} | | | | {why} |")
            continue
        t = r["times"]
        later = sum(t[1:]) / len(t[1:]) if len(t) > 1 else float("nan")
        lines.append(f"| {label} | {t[0]:.2f} | {later:.2f} | {r['acc']:.4f} | {r['loss']:.4f} |")
    text = "\n".join(lines) + "\n"
    print(text)
    out = arg("--out", "")
    if out:
        with open(out, "w") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
