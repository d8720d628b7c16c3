# env: XLA_FLAGS=--xla_force_host_platform_device_count=4
# Data-parallel training of the slide MLP (784-512-512-10) over 4 CPU devices: each device
# takes a quarter of the batch, the gradients are averaged with pmean; the losses match the
# single-device run on the whole batch.
import jax
import jax.numpy as jnp
from jax import lax, random

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


@jax.jit
def step(params, x, y):
    l, g = jax.value_and_grad(loss)(params, x, y)
    return jax.tree_util.tree_map(lambda p, d: p - lr * d, params, g), l


def pstep(params, x, y):
    l, g = jax.value_and_grad(loss)(params, x, y)
    g = lax.pmean(g, 'batch')
    l = lax.pmean(l, 'batch')
    return jax.tree_util.tree_map(lambda p, d: p - lr * d, params, g), l


pstep = jax.pmap(pstep, axis_name='batch')

key = random.PRNGKey(0)
params = init(key)
kx, ky = random.split(random.PRNGKey(1))
x = random.normal(kx, (128, 784))
y = jax.nn.one_hot(random.randint(ky, (128,), 0, 10), 10)

n = jax.local_device_count()
print("devices", n)
rep = jax.tree_util.tree_map(lambda a: jnp.stack([a] * n), params)
xs = x.reshape(n, 128 // n, 784)
ys = y.reshape(n, 128 // n, 10)

single = params
for i in range(5):
    single, l1 = step(single, x, y)
    rep, l4 = pstep(rep, xs, ys)
    print(i, round(float(l1), 4), [round(float(v), 4) for v in l4])
    assert abs(float(l1) - float(l4[0])) < 1e-4 * max(1.0, abs(float(l1)))
same = jax.tree_util.tree_map(lambda a, b: bool(jnp.allclose(a, b[0], atol=1e-5)), single, rep)
print("params equal:", all(jax.tree_util.tree_leaves(same)))
print("replicas identical:", all(bool(jnp.all(a == a[0])) for a in jax.tree_util.tree_leaves(rep)))
print(rep[0][0].shape, rep[2][1].shape)
