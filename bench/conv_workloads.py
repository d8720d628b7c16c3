# Workloads of bench/conv_bench.py, one program for Sable and for real JAX (run by both): LeNet-5's
# two convolutions at batch 1024 (NHWC/HWIO as flax.linen.Conv writes them), forward and the two
# gradients, and a whole jit-ed LeNet-5 SGD step. Prints `name best_ms median_ms` lines.
import sys
import time
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

DN = ("NHWC", "HWIO", "NHWC")
B = int(sys.argv[1]) if len(sys.argv) > 1 else 1024


def timeit(f, n, reps=5):
    f()
    ts = []
    for r in range(reps):
        t0 = time.perf_counter()
        for i in range(n):
            f()
        ts.append((time.perf_counter() - t0) / n * 1e3)
    ts.sort()
    return ts[0], ts[len(ts) // 2]


def conv(x, w, pad):
    return lax.conv_general_dilated(x, w, (1, 1), pad, dimension_numbers=DN)


rs = np.random.RandomState(0)
layers = (("conv1", (B, 28, 28, 1), (5, 5, 1, 6), "SAME"), ("conv2", (B, 14, 14, 6), (5, 5, 6, 16), "VALID"))
for name, xs, ws, pad in layers:
    x = jnp.asarray(rs.randn(*xs).astype(np.float32))
    w = jnp.asarray((rs.randn(*ws) * 0.1).astype(np.float32))
    fwd = jax.jit(lambda x, w, pad=pad: conv(x, w, pad))
    y = fwd(x, w)
    ct = jnp.asarray(rs.randn(*y.shape).astype(np.float32))
    gx = jax.jit(lambda x, w, pad=pad: jax.vjp(lambda a: conv(a, w, pad), x)[1](ct)[0])
    gw = jax.jit(lambda x, w, pad=pad: jax.vjp(lambda b: conv(x, b, pad), w)[1](ct)[0])
    for tag, f in (("fwd", fwd), ("grad_x", gx), ("grad_w", gw)):
        b, m = timeit(lambda: f(x, w).block_until_ready(), 3)
        print("%s_%s" % (name, tag), round(b, 3), round(m, 3))


def pool(x):
    return lax.reduce_window(x, 0.0, lax.add, (1, 2, 2, 1), (1, 2, 2, 1), "VALID") / 4.0


def lenet(p, x):
    x = pool(jax.nn.relu(conv(x, p[0], "SAME") + p[1]))
    x = pool(jax.nn.relu(conv(x, p[2], "VALID") + p[3]))
    x = x.reshape((x.shape[0], -1))
    x = jax.nn.relu(x @ p[4] + p[5])
    x = jax.nn.relu(x @ p[6] + p[7])
    return x @ p[8] + p[9]


def loss(p, x, y):
    logits = lenet(p, x)
    return -jnp.mean(jnp.sum(jax.nn.log_softmax(logits) * y, axis=1))


@jax.jit
def step(p, x, y):
    g = jax.grad(loss)(p, x, y)
    return [a - 0.01 * b for a, b in zip(p, g)]


shapes = [(5, 5, 1, 6), (6,), (5, 5, 6, 16), (16,), (400, 120), (120,), (120, 84), (84,), (84, 10), (10,)]
params = [jnp.asarray((rs.randn(*s) * 0.1).astype(np.float32)) for s in shapes]
xb = jnp.asarray(rs.rand(B, 28, 28, 1).astype(np.float32))
yb = jnp.asarray(np.eye(10, dtype=np.float32)[rs.randint(0, 10, B)])
b, m = timeit(lambda: step(params, xb, yb)[0].block_until_ready(), 2)
print("lenet_step", round(b, 3), round(m, 3))
