import jax
import jax.numpy as jnp
import optax


class MLP:
    def __init__(self, sizes, key):
        keys = jax.random.split(key, len(sizes) - 1)
        self.params = [
            {"w": jax.random.normal(k, (m, n)) * jnp.sqrt(2.0 / m), "b": jnp.zeros(n)}
            for k, m, n in zip(keys, sizes[:-1], sizes[1:])
        ]

    def __call__(self, params, x):
        *hidden, last = params
        for layer in hidden:
            x = jax.nn.relu(x @ layer["w"] + layer["b"])
        return x @ last["w"] + last["b"]


def cross_entropy(logits, labels):
    return -jnp.mean(jnp.sum(jax.nn.log_softmax(logits) * labels, axis=-1))


@jax.jit
def train_step(params, opt_state, x, y):
    def loss_fn(p):
        return cross_entropy(model(p, x), y)
    loss, grads = jax.value_and_grad(loss_fn)(params)
    updates, opt_state = optimizer.update(grads, opt_state, params)
    params = optax.apply_updates(params, updates)
    return params, opt_state, loss


model = MLP([784, 512, 10], jax.random.PRNGKey(42))
optimizer = optax.adam(learning_rate=1e-3)
opt_state = optimizer.init(model.params)
params = model.params
history = {"loss": [], "acc": []}

for epoch in range(5):
    for step, (xb, yb) in enumerate(batches(train, batch_size=128)):
        params, opt_state, loss = train_step(params, opt_state, xb, yb)
        if step % 100 == 0:
            jax.debug.print("step {s} loss {l:.4f}", s=step, l=loss)
    history["loss"].append(float(loss))
    acc = jnp.mean(jnp.argmax(model(params, x_test), -1) == y_test)
    history["acc"] += [acc.item()]
    print(f"epoch {epoch + 1:>3d} | loss {loss:8.4f} | acc {acc:6.2%}")

grads = jax.tree_util.tree_map(lambda g: jnp.clip(g, -1., 1.), grads)
leaves, treedef = jax.tree_util.tree_flatten(params)
per_example = jax.vmap(jax.grad(loss_fn), in_axes=(None, 0, 0), out_axes=0)
out = jax.lax.fori_loop(0, 10, lambda i, c: c + i, 0)
carry, ys = jax.lax.scan(lambda c, x: (c + x, c * x), 0., jnp.arange(5.))
y = jax.lax.cond(x > 0, lambda x: x, lambda x: -x, x)
