# optax (reference: optax 0.2.8 on jax 0.10.2): a small MLP (8-16-16-3, relu) trained with
# optax.adam under jit on synthetic data, softmax cross-entropy with integer labels; the
# losses every 5 steps and the final accuracy must equal real optax to the printed precision.
import jax
import jax.numpy as jnp
import optax

n, d, h, k = 64, 8, 16, 3
X = jnp.sin(jnp.arange(n * d, dtype=jnp.float32).reshape(n, d) * 0.37) * 2.0
labels = (jnp.argmax(X[:, :3] + 0.5 * X[:, 3:6], axis=1)).astype(jnp.int32)


def init(shape, seed):
    return jnp.cos(jnp.arange(shape[0] * shape[1], dtype=jnp.float32).reshape(shape) * 0.71 + seed) * (1.0 / shape[0] ** 0.5)


params = {
    "l1": {"w": init((d, h), 0.1), "b": jnp.zeros(h)},
    "l2": {"w": init((h, h), 0.2), "b": jnp.zeros(h)},
    "out": {"w": init((h, k), 0.3), "b": jnp.zeros(k)},
}


def forward(params, x):
    x = jax.nn.relu(x @ params["l1"]["w"] + params["l1"]["b"])
    x = jax.nn.relu(x @ params["l2"]["w"] + params["l2"]["b"])
    return x @ params["out"]["w"] + params["out"]["b"]


def loss_fn(params, x, y):
    return optax.softmax_cross_entropy_with_integer_labels(forward(params, x), y).mean()


opt = optax.chain(optax.clip_by_global_norm(5.0), optax.adam(1e-2))
state = opt.init(params)


@jax.jit
def step(params, state, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    updates, state = opt.update(grads, state, params)
    return optax.apply_updates(params, updates), state, loss


for i in range(40):
    params, state, loss = step(params, state, X, labels)
    if i % 5 == 0:
        print(i, round(float(loss), 4))
acc = jnp.mean(jnp.argmax(forward(params, X), axis=1) == labels)
print("accuracy", round(float(acc), 4), "count", int(state[1][0].count))
