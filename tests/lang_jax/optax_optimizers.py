# optax (reference: optax 0.2.8 on jax 0.10.2): every optimizer run a few steps under jit on a
# small pytree of parameters with a fixed logistic-regression loss; losses and parameters
# printed each step, and the final state's structure.
import jax
import jax.numpy as jnp
import optax

X = jnp.array([[0.5, -1.0, 2.0], [1.5, 0.3, -0.7], [-1.2, 0.8, 0.1], [0.2, -0.4, -1.5]])
Y = jnp.array([1.0, 0.0, 1.0, 0.0])


def loss_fn(params):
    logits = X @ params["w"] + params["b"]
    return jnp.mean(optax.sigmoid_binary_cross_entropy(logits, Y)) + 0.1 * jnp.sum(params["w"] ** 2)


def r(x):
    return jnp.round(x, 5).tolist()


def run(name, opt, steps=5):
    params = {"w": jnp.array([0.1, -0.2, 0.3]), "b": jnp.array(0.05)}
    state = opt.init(params)

    @jax.jit
    def step(params, state):
        loss, grads = jax.value_and_grad(loss_fn)(params)
        updates, state = opt.update(grads, state, params)
        return optax.apply_updates(params, updates), state, loss

    losses = []
    for _ in range(steps):
        params, state, loss = step(params, state)
        losses.append(round(float(loss), 5))
    print(name, losses)
    print("  w", r(params["w"]), "b", r(params["b"]))
    return state


run("sgd", optax.sgd(0.1))
run("sgd_momentum", optax.sgd(0.1, momentum=0.9))
run("sgd_nesterov", optax.sgd(0.1, momentum=0.9, nesterov=True))
s = run("adam", optax.adam(0.05))
print("  state", type(s).__name__, len(s), type(s[0]).__name__, s[0].count, s[0].count.dtype,
      r(s[0].mu["w"]), r(s[0].nu["b"]), s[1])
run("adam_eps_root", optax.adam(0.05, eps=1e-3, eps_root=1e-4))
run("nadam", optax.nadam(0.05))
run("adamw", optax.adamw(0.05, weight_decay=0.1))
run("adamw_mask", optax.adamw(0.05, weight_decay=0.5, mask={"w": True, "b": False}))
run("adamax", optax.adamax(0.05))
run("amsgrad", optax.amsgrad(0.05))
run("rmsprop", optax.rmsprop(0.01))
run("rmsprop_centered", optax.rmsprop(0.01, centered=True))
run("rmsprop_momentum", optax.rmsprop(0.01, momentum=0.9, nesterov=True))
run("rmsprop_bias", optax.rmsprop(0.01, bias_correction=True, eps_in_sqrt=False))
run("adagrad", optax.adagrad(0.1))
run("adadelta", optax.adadelta(1.0))
run("lamb", optax.lamb(0.05, weight_decay=0.01))
run("lion", optax.lion(0.01))
run("sgd_schedule", optax.sgd(optax.exponential_decay(0.1, 2, 0.5)))
s = run("adam_schedule", optax.adam(optax.linear_schedule(0.1, 0.01, 4)))
print("  state", s[1], s[1].count.dtype)
