# Derivatives at the kinks of piecewise functions (issue 14): grad, jvp, vmap(grad) and second
# derivatives at the breakpoints of max/min, clip/clamp, abs, sign, the jax.nn activations,
# where, floor/round/ceil, sort, argmax-based selection and norm at 0. Expected output: JAX.
import jax
import jax.numpy as jnp
from jax import grad, jit, vmap, lax


def show(name, f, pts):
    xs = jnp.array(pts, dtype=jnp.float32)
    g1 = [round(float(grad(f)(float(p))), 5) for p in pts]
    g2 = [round(float(grad(grad(f))(float(p))), 5) for p in pts]
    vg = jnp.round(vmap(grad(f))(xs), 5)
    jg = jnp.round(jit(vmap(grad(f)))(xs), 5)
    _, t = jax.jvp(f, (xs,), (jnp.ones_like(xs),))
    j2 = jnp.round(jit(vmap(grad(grad(f))))(xs), 5)
    print(name, "g", g1, "gg", g2)
    print(name, "vmap", vg.tolist(), "jit", jg.tolist(), "jvp", jnp.round(t, 5).tolist(), "jgg", j2.tolist())


show("maximum0", lambda x: jnp.maximum(x, 0.0), [-1.0, 0.0, 1.0])
show("minimum0", lambda x: jnp.minimum(x, 0.0), [-1.0, 0.0, 1.0])
show("maximum_self", lambda x: jnp.maximum(x, x), [-1.0, 0.0, 2.0])
show("minimum_self", lambda x: jnp.minimum(x, x), [-1.0, 0.0, 2.0])
show("lax_max", lambda x: lax.max(x, 1.0), [0.0, 1.0, 2.0])
show("lax_min", lambda x: lax.min(1.0, x), [0.0, 1.0, 2.0])
show("clip", lambda x: jnp.clip(x, -1.0, 2.0), [-2.0, -1.0, 0.0, 2.0, 3.0])
show("clamp", lambda x: lax.clamp(-1.0, x, 2.0), [-2.0, -1.0, 0.0, 2.0, 3.0])
show("abs", jnp.abs, [-1.0, 0.0, 1.0])
show("abs_neg0", jnp.abs, [-0.0])
show("sign", jnp.sign, [-1.0, 0.0, 1.0])
show("x_sign", lambda x: x * jnp.sign(x), [-1.0, 0.0, 1.0])
show("relu", jax.nn.relu, [-1.0, 0.0, 1.0])
show("relu6", jax.nn.relu6, [-1.0, 0.0, 3.0, 6.0, 7.0])
show("hard_tanh", jax.nn.hard_tanh, [-2.0, -1.0, 0.0, 1.0, 2.0])
show("hard_sigmoid", jax.nn.hard_sigmoid, [-4.0, -3.0, 0.0, 3.0, 4.0])
show("hard_swish", jax.nn.hard_swish, [-4.0, -3.0, 0.0, 3.0, 4.0])
show("hard_silu", jax.nn.hard_silu, [-3.0, 3.0])
show("leaky_relu", jax.nn.leaky_relu, [-1.0, 0.0, 1.0])
show("leaky_relu_2", lambda x: jax.nn.leaky_relu(x, 0.2), [-1.0, 0.0, 1.0])
show("elu", jax.nn.elu, [-1.0, 0.0, 1.0])
show("elu_a2", lambda x: jax.nn.elu(x, 2.0), [0.0])
show("celu", jax.nn.celu, [-1.0, 0.0, 1.0])
show("celu_a2", lambda x: jax.nn.celu(x, 2.0), [0.0])
show("selu", jax.nn.selu, [-1.0, 0.0, 1.0])
show("gelu", jax.nn.gelu, [-1.0, 0.0, 1.0])
show("gelu_exact", lambda x: jax.nn.gelu(x, approximate=False), [-1.0, 0.0, 1.0])
show("softplus", jax.nn.softplus, [-1.0, 0.0, 1.0])
show("silu", jax.nn.silu, [0.0])
show("soft_sign", jax.nn.soft_sign, [-1.0, 0.0, 1.0])
show("log_sigmoid", jax.nn.log_sigmoid, [0.0])
show("logaddexp", lambda x: jnp.logaddexp(x, 0.0), [-1.0, 0.0, 1.0])
show("logaddexp_self", lambda x: jnp.logaddexp(x, x), [0.0, 1.0])
show("where_gt", lambda x: jnp.where(x > 0, x * x, -x), [-1.0, 0.0, 1.0])
show("where_ge", lambda x: jnp.where(x >= 0, x * x, -x), [-1.0, 0.0, 1.0])
show("select", lambda x: lax.select(x > 0, 2 * x, 3 * x), [-1.0, 0.0, 1.0])
show("floor", jnp.floor, [-1.0, 0.0, 0.5, 1.0])
show("ceil", jnp.ceil, [-1.0, 0.0, 0.5, 1.0])
show("round", jnp.round, [-1.0, 0.0, 0.5, 1.5])
show("trunc", jnp.trunc, [-1.5, 0.0, 1.5])
show("x_floor", lambda x: x * jnp.floor(x), [1.0, 1.5])
show("heaviside", lambda x: jnp.heaviside(x, 0.5) * x, [-1.0, 0.0, 1.0])
show("fmax", lambda x: jnp.fmax(x, 0.0), [-1.0, 0.0, 1.0])
show("remainder", lambda x: jnp.remainder(x, 2.0), [1.0, 2.0, 3.0])
show("mod_fmod", lambda x: jnp.fmod(x, 2.0), [1.0, 2.0, 3.0])
show("norm_scalar", lambda x: jnp.linalg.norm(jnp.stack([x, jnp.zeros_like(x)])), [-1.0, 0.0, 1.0])
show("sqrt_sq", lambda x: jnp.sqrt(x * x), [1.0, 2.0])


# reductions with ties, sort, argmax-based selection
def pr(name, v):
    print(name, jnp.round(v, 5).tolist())


v = jnp.array([1.0, 3.0, 3.0, 2.0])
pr("max_ties", grad(jnp.max)(v))
pr("min_ties", grad(jnp.min)(jnp.array([2.0, 1.0, 1.0, 1.0])))
pr("max_axis", grad(lambda m: jnp.sum(jnp.max(m, axis=1)))(jnp.array([[1.0, 1.0], [2.0, 0.0]])))
pr("amax_ties_jvp", jax.jvp(jnp.max, (v,), (jnp.array([1.0, 2.0, 4.0, 8.0]),))[1])
pr("max_ties_vmap", vmap(grad(jnp.max))(jnp.array([[1.0, 1.0, 0.0], [0.0, 2.0, 2.0]])))
pr("max_ties_hess", jax.hessian(jnp.max)(jnp.array([1.0, 1.0])))
pr("argmax_take", grad(lambda a: a[jnp.argmax(a)])(v))
pr("argmin_take", grad(lambda a: a[jnp.argmin(a)])(jnp.array([2.0, 1.0, 1.0])))
pr("take_along", grad(lambda a: jnp.sum(jnp.take_along_axis(a, jnp.argmax(a, axis=1, keepdims=True), axis=1)))(
    jnp.array([[1.0, 1.0], [3.0, 3.0]])))
pr("sort", grad(lambda a: jnp.sort(a)[0] * 1.0 + jnp.sort(a)[1] * 10.0)(jnp.array([2.0, 1.0, 1.0, 3.0])))
pr("sort_jvp", jax.jvp(jnp.sort, (jnp.array([2.0, 1.0, 1.0]),), (jnp.array([1.0, 2.0, 3.0]),))[1])
pr("sort_vmap", vmap(grad(lambda a: jnp.sort(a)[0]))(jnp.array([[1.0, 1.0], [2.0, 2.0]])))
pr("cummax", grad(lambda a: jnp.sum(lax.cummax(a)))(jnp.array([1.0, 1.0, 0.0, 2.0])))
pr("norm0", grad(jnp.linalg.norm)(jnp.zeros(3)))
pr("norm1", grad(jnp.linalg.norm)(jnp.array([3.0, 4.0, 0.0])))
pr("norm_l1_0", grad(lambda a: jnp.linalg.norm(a, ord=1))(jnp.array([0.0, -1.0, 2.0])))
pr("norm_inf", grad(lambda a: jnp.linalg.norm(a, ord=jnp.inf))(jnp.array([1.0, -3.0, 3.0])))
pr("relu_vec", grad(lambda a: jnp.sum(jax.nn.relu(a)))(jnp.array([-1.0, 0.0, 0.0, 2.0])))
pr("relu_hess", jax.hessian(lambda a: jnp.sum(jax.nn.relu(a) ** 2))(jnp.array([0.0, 1.0])))
pr("abs_hess", jax.hessian(lambda a: jnp.sum(jnp.abs(a) ** 3))(jnp.array([0.0, -1.0])))
pr("relu_jit_grad", jit(grad(lambda a: jnp.sum(jax.nn.relu6(a))))(jnp.array([0.0, 6.0, 3.0])))
pr("clip_vec", grad(lambda a: jnp.sum(jnp.clip(a, 0.0, 1.0)))(jnp.array([0.0, 0.5, 1.0])))
pr("clip_bounds", grad(lambda lo: jnp.sum(jnp.clip(jnp.array([0.0, 0.5, 1.0]), lo, 1.0)))(0.0))
pr("clamp_bounds", grad(lambda lo: jnp.sum(lax.clamp(jnp.full(3, lo), jnp.array([0.0, 0.5, 1.0]), jnp.ones(3))))(0.0))
pr("clamp_hi", grad(lambda hi: jnp.sum(lax.clamp(jnp.zeros(3), jnp.array([0.0, 0.5, 1.0]), jnp.full(3, hi))))(1.0))
pr("relu_nan", jax.nn.relu(jnp.array([jnp.nan, -jnp.inf, jnp.inf])))
pr("relu6_nan", jax.nn.relu6(jnp.array([jnp.nan, -jnp.inf, jnp.inf])))
pr("abs_nan_grad", grad(jnp.abs)(jnp.nan))
