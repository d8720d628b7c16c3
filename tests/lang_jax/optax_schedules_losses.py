# optax (reference: optax 0.2.8 on jax 0.10.2): schedules at several steps, losses on fixed
# inputs (and their gradients), and the stateless transformations (clip, clip_by_global_norm,
# scale, set_to_zero, add_decayed_weights, chain) applied to a fixed pytree.
import jax
import jax.numpy as jnp
import optax


def r(x):
    return jnp.round(jnp.asarray(x, dtype=jnp.float32), 5).tolist()


steps = jnp.array([0, 1, 2, 3, 5, 8, 10, 15, 20])
scheds = {
    "constant": optax.constant_schedule(0.3),
    "exp": optax.exponential_decay(1.0, 4, 0.5),
    "exp_stair": optax.exponential_decay(1.0, 4, 0.5, staircase=True),
    "exp_begin_end": optax.exponential_decay(1.0, 2, 0.5, transition_begin=3, end_value=0.2),
    "exp_grow": optax.exponential_decay(0.1, 2, 2.0, end_value=1.0),
    "piecewise": optax.piecewise_constant_schedule(1.0, {3: 0.5, 10: 0.1}),
    "cosine": optax.cosine_decay_schedule(1.0, 10),
    "cosine_alpha": optax.cosine_decay_schedule(2.0, 10, alpha=0.1, exponent=2.0),
    "warmup_cosine": optax.warmup_cosine_decay_schedule(0.0, 1.0, 5, 15, end_value=0.1),
    "linear": optax.linear_schedule(1.0, 0.1, 10),
    "linear_begin": optax.linear_schedule(1.0, 0.1, 10, transition_begin=5),
    "polynomial": optax.polynomial_schedule(1.0, 0.0, 2, 10),
    "join": optax.join_schedules([optax.constant_schedule(1.0), optax.linear_schedule(1.0, 0.0, 5)], [3]),
}
for name, f in scheds.items():
    print(name, r(jax.vmap(f)(steps)), r(jax.jit(f)(7)))

logits = jnp.array([[2.0, -1.0, 0.5], [0.1, 0.2, -3.0]])
onehot = jnp.array([[1.0, 0.0, 0.0], [0.0, 0.3, 0.7]])
ints = jnp.array([0, 2])
print("softmax_ce", r(optax.softmax_cross_entropy(logits, onehot)))
print("softmax_ce_int", r(optax.softmax_cross_entropy_with_integer_labels(logits, ints)))
print("softmax_ce_int_grad", r(jax.grad(lambda l: optax.softmax_cross_entropy_with_integer_labels(l, ints).sum())(logits)))
print("sigmoid_bce", r(optax.sigmoid_binary_cross_entropy(logits, onehot)))
print("sigmoid_bce_grad", r(jax.grad(lambda l: optax.sigmoid_binary_cross_entropy(l, onehot).sum())(logits)))
p = jnp.array([0.5, -2.0, 3.0, 0.0])
t = jnp.array([0.0, 0.0, 1.0, 0.0])
print("l2", r(optax.l2_loss(p, t)), r(optax.l2_loss(p)))
print("squared_error", r(optax.squared_error(p, t)))
print("huber", r(optax.huber_loss(p, t)), r(optax.huber_loss(p, t, delta=2.0)))
print("huber_grad", r(jax.grad(lambda q: optax.huber_loss(q, t).sum())(p)))
print("cosine_similarity", r(optax.cosine_similarity(logits, onehot)),
      r(optax.cosine_distance(logits, onehot)))
print("losses_ns", r(optax.losses.l2_loss(p, t)))

g = {"a": jnp.array([3.0, -4.0]), "b": jnp.array([[0.5, -0.25]])}
params = {"a": jnp.array([1.0, 2.0]), "b": jnp.array([[1.0, -1.0]])}


def apply(tx, updates=g):
    state = tx.init(params)
    u, state = tx.update(updates, state, params)
    return {k: r(v) for k, v in sorted(u.items())}, state


print("global_norm", r(optax.global_norm(g)), r(optax.tree.norm(g)), r(optax.tree.norm(g, ord=1)),
      r(optax.tree.norm(g, ord=jnp.inf)))
print("clip", apply(optax.clip(1.0)))
print("clip_by_global_norm", apply(optax.clip_by_global_norm(1.0)))
print("clip_by_global_norm_noop", apply(optax.clip_by_global_norm(100.0)))
print("scale", apply(optax.scale(-0.5)))
print("set_to_zero", apply(optax.set_to_zero()))
print("add_decayed_weights", apply(optax.add_decayed_weights(0.1)))
print("chain", apply(optax.chain(optax.clip_by_global_norm(1.0), optax.scale(-2.0))))
print("identity", apply(optax.identity()))
u, s = apply(optax.scale_by_adam())
print("scale_by_adam", u, s.count, r(s.mu["a"]), r(s.nu["b"]))
u, s = apply(optax.scale_by_rms())
print("scale_by_rms", u, r(s.nu["a"]))
u, s = apply(optax.scale_by_schedule(optax.linear_schedule(1.0, 0.0, 4)))
print("scale_by_schedule", u, s)
print("apply_updates", {k: r(v) for k, v in sorted(optax.apply_updates(params, g).items())})
print(optax.EmptyState(), optax.ScaleByAdamState(count=1, mu=2, nu=3), optax.TraceState(trace=None))
print(optax.GradientTransformation.__name__, len(optax.sgd(0.1)))
