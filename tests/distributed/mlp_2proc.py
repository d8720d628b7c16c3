# Run by tests/suites/distributed.py as `mpirun -np 2` with 2 CPU devices per process: the
# slide MLP of tests/lang_jax/pmap_mlp.py trained data-parallel over the 4 devices of the two
# processes, the gradients all-reduced across them by pmean. Its losses must equal JAX's on 4
# devices of one process (tests/lang_jax/pmap_mlp.out).
import jax
import jax.numpy as jnp
from jax import lax, random

jax.distributed.initialize(num_processes=2)
r, P = jax.process_index(), jax.process_count()
L = jax.local_device_count()
print(f"[{r}]", "process", r, "of", P, "local", L, "global", jax.device_count(),
      [d.id for d in jax.local_devices()], [d.process_index for d in jax.devices()])

sizes = [784, 512, 512, 10]


def init(key):
    params = []
    for m, n in zip(sizes[:-1], sizes[1:]):
        key, k1 = random.split(key)
        params.append((random.normal(k1, (m, n)) * jnp.sqrt(2.0 / m), jnp.zeros(n)))
    return params


def predict(params, x):
    for w, b in params[:-1]:
        x = jax.nn.relu(x @ w + b)
    w, b = params[-1]
    return x @ w + b


def loss(params, x, y):
    logits = predict(params, x)
    return -jnp.mean(jnp.sum(jax.nn.log_softmax(logits) * y, axis=-1))


lr = 0.1


def pstep(params, x, y):
    l, g = jax.value_and_grad(loss)(params, x, y)
    g = lax.pmean(g, 'batch')
    l = lax.pmean(l, 'batch')
    return jax.tree_util.tree_map(lambda p, d: p - lr * d, params, g), l


pstep = jax.pmap(pstep, axis_name='batch')
params = init(random.PRNGKey(0))
kx, ky = random.split(random.PRNGKey(1))
x = random.normal(kx, (128, 784))
y = jax.nn.one_hot(random.randint(ky, (128,), 0, 10), 10)
n = P * L
per = 128 // n
xs = x.reshape(n, per, 784)[r * L:(r + 1) * L]     # this process's devices' shards
ys = y.reshape(n, per, 10)[r * L:(r + 1) * L]
rep = jax.tree_util.tree_map(lambda a: jnp.stack([a] * L), params)
print(f"[{r}]", "axis", jax.pmap(lambda v: lax.axis_index('i'), axis_name='i')(jnp.zeros(L)).tolist(),
      jax.pmap(lambda v: lax.psum(v, 'i'), axis_name='i')(jnp.arange(L) + r * L).tolist(),
      jax.pmap(lambda v: lax.all_gather(v, 'i'), axis_name='i')(jnp.arange(L) + r * L)[0].tolist())
for i in range(5):
    rep, l = pstep(rep, xs, ys)
    print(f"[{r}]", "step", i, round(float(l[0]), 4))
total = sum(float(jnp.sum(jnp.abs(a[0]))) for a in jax.tree_util.tree_leaves(rep))
print(f"[{r}]", "checksum", round(total, 2))
