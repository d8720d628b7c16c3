# optax wrappers (reference: optax 0.2.8 on jax 0.10.2): inject_hyperparams (constants, schedules,
# hyperparams changed between steps), apply_if_finite, MultiSteps, adafactor and lion's modes,
# each run a few steps under jit on a small pytree; values, counters and state layouts printed.
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


def p0():
    return {"w": jnp.array([0.1, -0.2, 0.3]), "b": jnp.array(0.05)}


def make_step(opt):
    @jax.jit
    def step(params, state):
        loss, grads = jax.value_and_grad(loss_fn)(params)
        updates, state = opt.update(grads, state, params)
        return optax.apply_updates(params, updates), state, loss
    return step


def run(name, opt, steps=4):
    params = p0()
    state = opt.init(params)
    step = make_step(opt)
    losses = []
    for _ in range(steps):
        params, state, loss = step(params, state)
        losses.append(round(float(loss), 5))
    print(name, losses)
    print("  w", r(params["w"]), "b", r(params["b"]))
    return state


# ---- inject_hyperparams ----
opt = optax.inject_hyperparams(optax.adam)(learning_rate=0.05)
s = run("inject_adam", opt)
print("  state", type(s).__name__, s._fields)
print("  count", int(s.count), s.count.dtype, sorted(s.hyperparams))
print("  lr", r(s.hyperparams["learning_rate"]), s.hyperparams["learning_rate"].dtype,
      r(s.hyperparams["b1"]), r(s.hyperparams["eps_root"]), s.hyperparams_states)
print("  inner", type(s.inner_state).__name__, type(s.inner_state[0]).__name__,
      int(s.inner_state[0].count))

opt = optax.inject_hyperparams(optax.sgd)(learning_rate=optax.linear_schedule(0.2, 0.0, 4),
                                          momentum=0.5)
s = run("inject_sched", opt, steps=5)
print("  lr", r(s.hyperparams["learning_rate"]), r(s.hyperparams["momentum"]),
      sorted(s.hyperparams), int(s.count))
print("  sched state", type(s.hyperparams_states["learning_rate"]).__name__,
      int(s.hyperparams_states["learning_rate"].count))

# hyperparameters changed between steps through state.hyperparams
opt = optax.inject_hyperparams(optax.sgd)(learning_rate=0.1)
params = p0()
state = opt.init(params)
step = make_step(opt)
for i in range(4):
    state.hyperparams["learning_rate"] = jnp.array(0.1 * (i + 1))
    params, state, loss = step(params, state)
    print("  changed lr", i, round(float(loss), 5), r(params["w"]),
          r(state.hyperparams["learning_rate"]))

# static_args and a bool flag stay out of the hyperparams
opt = optax.inject_hyperparams(optax.adamw, static_args="mask")(
    learning_rate=0.05, weight_decay=0.1, mask={"w": True, "b": False}, nesterov=True)
s = run("inject_static", opt)
print("  keys", sorted(s.hyperparams))
try:
    optax.inject_hyperparams(optax.sgd, static_args=("nope",))
except ValueError as e:
    print("  ValueError", str(e)[:60])

# ---- apply_if_finite ----
opt = optax.apply_if_finite(optax.sgd(0.1), max_consecutive_errors=2)
params = p0()
state = opt.init(params)
print("apply_if_finite init", type(state).__name__, state._fields, int(state.notfinite_count),
      bool(state.last_finite), int(state.total_notfinite))


@jax.jit
def fstep(params, state, scale):
    grads = jax.grad(loss_fn)(params)
    grads = jax.tree_util.tree_map(lambda g: g * scale, grads)
    updates, state = opt.update(grads, state, params)
    return optax.apply_updates(params, updates), state


for scale in [1.0, jnp.nan, jnp.inf, 1.0, jnp.nan, jnp.nan, jnp.nan, 1.0]:
    params, state = fstep(params, state, scale)
    print("  scale", float(scale), "w", r(params["w"]), int(state.notfinite_count),
          bool(state.last_finite), int(state.total_notfinite))

# ---- MultiSteps ----
ms = optax.MultiSteps(optax.adam(0.05), every_k_schedule=3)
params = p0()
state = ms.init(params)
print("MultiSteps init", type(state).__name__, state._fields, int(state.mini_step),
      int(state.gradient_step), state.skip_state, r(state.acc_grads["w"]))


@jax.jit
def mstep(params, state):
    grads = jax.grad(loss_fn)(params)
    updates, state = ms.update(grads, state, params)
    return optax.apply_updates(params, updates), state, updates


# (+ 0.0: XLA leaves the sign of the zero updates of a non-emitting step unspecified)
for i in range(7):
    params, state, upd = mstep(params, state)
    print("  step", i, int(state.mini_step), int(state.gradient_step), bool(ms.has_updated(state)),
          "upd", r(upd["w"] + 0.0), "acc", r(state.acc_grads["b"]),
          "inner count", int(state.inner_opt_state[0].count))

gt = ms.gradient_transformation()
print("  gt", type(gt).__name__, type(ms.inner_opt).__name__)

ms2 = optax.MultiSteps(optax.sgd(0.1), every_k_schedule=lambda step: jnp.where(step < 1, 1, 2),
                       use_grad_mean=False)
s = run("multisteps_sched_sum", ms2.gradient_transformation(), steps=5)
print("  ", int(s.mini_step), int(s.gradient_step))

ms3 = optax.MultiSteps(optax.sgd(0.1), every_k_schedule=2,
                       should_skip_update_fn=optax.skip_not_finite)
params = p0()
state = ms3.init(params)
print("skip init", sorted(state.skip_state), bool(state.skip_state["should_skip"]),
      int(state.skip_state["num_not_finite"]))


@jax.jit
def sstep(params, state, scale):
    grads = jax.grad(loss_fn)(params)
    grads = jax.tree_util.tree_map(lambda g: g * scale, grads)
    updates, state = ms3.update(grads, state, params)
    return optax.apply_updates(params, updates), state


for scale in [1.0, jnp.nan, 1.0, 1.0]:
    params, state = sstep(params, state, scale)
    print("  skip", float(scale), r(params["w"]), int(state.mini_step), int(state.gradient_step),
          bool(state.skip_state["should_skip"]), int(state.skip_state["num_not_finite"]))

# ---- adafactor ----
run("adafactor", optax.adafactor(0.1))
run("adafactor_nomult", optax.adafactor(0.1, multiply_by_parameter_scale=False,
                                        clipping_threshold=None, momentum=0.9,
                                        weight_decay_rate=0.01))


def mat_loss(params):
    return jnp.sum((params["m"] @ jnp.array([1.0, -2.0, 0.5]) - jnp.array([0.3, 0.1])) ** 2) \
        + jnp.sum(params["v"] ** 2)


opt = optax.adafactor(0.05, min_dim_size_to_factor=2)
params = {"m": jnp.array([[0.1, 0.2, -0.3], [0.4, -0.5, 0.6]]), "v": jnp.array([1.0, 2.0])}
state = opt.init(params)


@jax.jit
def astep(params, state):
    grads = jax.grad(mat_loss)(params)
    updates, state = opt.update(grads, state, params)
    return optax.apply_updates(params, updates), state


for i in range(3):
    params, state = astep(params, state)
    print("  factored", i, r(params["m"]), r(params["v"]))
fs = state[0]
print("  state", type(fs).__name__, fs._fields, int(fs.count), r(fs.v_row["m"]), r(fs.v_col["m"]),
      r(fs.v["m"]), r(fs.v["v"]), fs.v_row["v"].shape)

# ---- lion modes ----
for mode in ["hard", "smooth", "refined"]:
    run("lion_" + mode, optax.chain(optax.scale_by_lion(mode=mode, smooth_beta=5.0),
                                    optax.scale(-0.05)))
try:
    optax.scale_by_lion(mode="bad").update({"a": jnp.ones(2)}, optax.scale_by_lion().init(
        {"a": jnp.ones(2)}))
except ValueError as e:
    print("lion ValueError", e)

# ---- submodules ----
import optax.tree
import optax.schedules as S
from optax.tree_utils import tree_norm
from optax.losses import l2_loss
print("submodules", r(optax.tree.add({"a": jnp.ones(2)}, {"a": jnp.ones(2)})["a"]),
      r(tree_norm({"a": jnp.ones(4)})), r(S.linear_schedule(1.0, 0.0, 4)(1)),
      r(l2_loss(jnp.ones(2))),
      optax.tree.dtype({"a": jnp.ones(2), "b": jnp.ones(2, jnp.int32)}, "highest"))
