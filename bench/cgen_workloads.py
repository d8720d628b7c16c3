# Workloads of bench/cgen_bench.py, one program for Sable and for real JAX (run by both):
# jit(selu) and jit-ed gelu / softplus chains on 1M float32, reductions (softmax cross-entropy
# on 1024x10 and 128x1000 logits, sum(x**2) on 1M, a row-wise sum of squares), a transposed
# elementwise op (x.T * y + b, 1000x1000), and the slide MLP's jit-ed SGD update (784-512-512-10,
# batch 128). Prints `name best_ms median_ms` lines (best of repeats).
import time
import jax
import jax.numpy as jnp
import numpy as np
from jax import grad, jit


def timeit(f, n, reps=7):
    f()
    ts = []
    for r in range(reps):
        t0 = time.perf_counter()
        for i in range(n):
            f()
        ts.append((time.perf_counter() - t0) / n * 1e3)
    ts.sort()
    return ts[0], ts[len(ts) // 2]


def selu(x):
    alpha, scale = 1.6732632423543772, 1.0507009873554805
    return scale * jnp.where(x > 0, x, alpha * jnp.expm1(x))


def gelu_softplus(x):
    g = 0.5 * x * (1.0 + jnp.tanh(0.7978845608028654 * (x + 0.044715 * x ** 3)))
    return jnp.log1p(jnp.exp(-jnp.abs(g))) + jnp.maximum(g, 0.0)   # softplus(gelu(x))


x = jnp.asarray(np.random.RandomState(0).randn(1000000).astype(np.float32))
f_selu = jit(selu)
f_gs = jit(gelu_softplus)
for name, f in (("selu_1M_f32", f_selu), ("gelu_softplus_1M_f32", f_gs)):
    b, m = timeit(lambda: f(x).block_until_ready(), 20)
    print(name, round(b, 4), round(m, 4))


def xent(logits, labels):
    return -jnp.mean(jnp.sum(jax.nn.log_softmax(logits, axis=-1) * labels, axis=-1))


f_xent = jit(xent)
for n, k in ((1024, 10), (128, 1000)):
    rs0 = np.random.RandomState(n)
    lg = jnp.asarray(rs0.randn(n, k).astype(np.float32))
    lab = jnp.asarray(np.eye(k, dtype=np.float32)[rs0.randint(0, k, n)])
    b, m = timeit(lambda: f_xent(lg, lab).block_until_ready(), 50)
    print(f"softmax_xent_{n}x{k}", round(b, 4), round(m, 4))
f_ss = jit(lambda v: jnp.sum(v ** 2))
b, m = timeit(lambda: f_ss(x).block_until_ready(), 50)
print("sum_sq_1M_f32", round(b, 4), round(m, 4))
x2 = x.reshape(1000, 1000)
f_rs = jit(lambda v: jnp.sum(v * v + 1.0, axis=1))
b, m = timeit(lambda: f_rs(x2).block_until_ready(), 50)
print("row_sumsq_1000x1000", round(b, 4), round(m, 4))
y2 = jnp.asarray(np.random.RandomState(2).randn(1000, 1000).astype(np.float32))
c2 = jnp.asarray(np.random.RandomState(3).randn(1000).astype(np.float32))
f_t = jit(lambda u, v, w: u.T * v + w)
b, m = timeit(lambda: f_t(x2, y2, c2).block_until_ready(), 20)
print("transpose_mul_add_1000x1000", round(b, 4), round(m, 4))


def relu(v):
    return jnp.maximum(0, v)


def predict(params, image):
    act = image
    for w, b in params[:-1]:
        act = relu(jnp.dot(act, w) + b)
    w, b = params[-1]
    logits = jnp.dot(act, w) + b
    return logits - jax.scipy.special.logsumexp(logits, axis=1, keepdims=True)


def loss(params, images, targets):
    return -jnp.mean(predict(params, images) * targets)


@jit
def update(params, xb, yb):
    grads = grad(loss)(params, xb, yb)
    return [(w - 0.01 * dw, b - 0.01 * db) for (w, b), (dw, db) in zip(params, grads)]


rs = np.random.RandomState(1)
sizes = [784, 512, 512, 10]
params = [(jnp.asarray((rs.randn(m, n) * 0.01).astype(np.float32)),
           jnp.asarray((rs.randn(n) * 0.01).astype(np.float32))) for m, n in zip(sizes[:-1], sizes[1:])]
xb = jnp.asarray(rs.rand(128, 784).astype(np.float32))
yb = jnp.asarray(np.eye(10, dtype=np.float32)[rs.randint(0, 10, 128)])


def step():
    r = update(params, xb, yb)
    r[-1][1].block_until_ready()


b, m = timeit(step, 20)
print("mlp_sgd_update_b128", round(b, 4), round(m, 4))
