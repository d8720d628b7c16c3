# Custom differentiation rules, host callbacks and nested jit under every composition of the
# transformations, run by tests/suites/transform_compose.py. The custom rules differ
# observably from the autodiff of their functions (a scaled or clipped gradient), and the
# expected values are worked out by hand in the comments. Prints `PASS name` / `FAIL name: why`.
import jax
import numpy as np
import jax.numpy as jnp
from jax import grad, jit, vmap, jvp
from functools import partial


def report(name, ok, why=""):
    print(("PASS " if ok else "FAIL ") + name + ("" if ok else ": " + why))


def expect(name, thunk, want, tol=1e-5):
    try:
        got = jnp.asarray(thunk(), dtype=jnp.float32)
        want = jnp.asarray(want, dtype=jnp.float32)
        if got.shape != want.shape:
            report(name, False, "shape " + str(got.shape) + " vs " + str(want.shape))
            return
        err = float(jnp.max(jnp.abs(got - want))) if got.size else 0.0
        report(name, err <= tol * max(1.0, float(jnp.max(jnp.abs(want)))), "got " + str(got) + ", want " + str(want))
    except Exception as e:
        report(name, False, type(e).__name__ + ": " + str(e).split("\n")[0])


def expect_error(name, thunk, etype, words):
    try:
        thunk()
        report(name, False, "no error raised")
    except Exception as e:
        msg = str(e)
        ok = isinstance(e, etype) and all(w in msg for w in words)
        report(name, ok, type(e).__name__ + ": " + msg)


# sin with a JVP rule that scales the tangent by 100 (autodiff would give cos)
@jax.custom_jvp
def sin100(x):
    return jnp.sin(x)


@sin100.defjvp
def sin100_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return sin100(x), 100.0 * t


# the identity with a backward pass that clips the cotangent to [-1, 1]
@jax.custom_vjp
def clip_grad(x):
    return x


def clip_fwd(x):
    return x, None


def clip_bwd(res, g):
    return (jnp.clip(g, -1.0, 1.0),)


clip_grad.defvjp(clip_fwd, clip_bwd)


# numerically stable log(1 + exp(x)): its rule gives sigmoid(x) where autodiff gives NaN at 1000
@jax.custom_jvp
def log1pexp(x):
    return jnp.log1p(jnp.exp(x))


@log1pexp.defjvp
def log1pexp_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return log1pexp(x), t * jax.nn.sigmoid(x)


xs = jnp.array([0.1, 0.2, 0.3])
s_jvp = lambda x: sin100(x)
s_vjp = lambda x: 5.0 * clip_grad(x)          # d/dx = clip(5) = 1 per element
for tag, f, g in [("custom_jvp", s_jvp, 100.0), ("custom_vjp", s_vjp, 1.0)]:
    ones = jnp.full((3,), g)
    expect(tag + "/grad", lambda: grad(f)(0.1), g)
    expect(tag + "/vmap_grad", lambda: vmap(grad(f))(xs), ones)
    expect(tag + "/jit_grad", lambda: jit(grad(f))(0.1), g)
    expect(tag + "/grad_vmap", lambda: grad(lambda x: jnp.sum(vmap(f)(x)))(xs), ones)
    expect(tag + "/grad_jit", lambda: grad(jit(f))(0.1), g)
    expect(tag + "/grad_jit_vmap", lambda: grad(lambda x: jnp.sum(jit(vmap(f))(x)))(xs), ones)
    expect(tag + "/grad_vmap_jit", lambda: grad(lambda x: jnp.sum(vmap(jit(f))(x)))(xs), ones)
    expect(tag + "/jit_vmap_grad", lambda: jit(vmap(grad(f)))(xs), ones)
    expect(tag + "/vmap_jit_grad", lambda: vmap(jit(grad(f)))(xs), ones)
    expect(tag + "/jit_grad_vmap", lambda: jit(grad(lambda x: jnp.sum(vmap(f)(x))))(xs), ones)
    expect(tag + "/grad_jit_jit", lambda: grad(jit(jit(f)))(0.1), g)
    # a cached jit called eagerly first, then under grad
    jf = jit(f)
    jf(0.1)
    expect(tag + "/grad_of_cached_jit", lambda: grad(jf)(0.2), g)
    expect(tag + "/plain_value", lambda: jit(vmap(f))(xs), vmap(f)(xs))

# forward mode through vmap, and the rule's own derivative: d/dx [100 * t] = 0, but the primal
# inside the rule is sin itself, so the Hessian of sum(sin100(x)^2) is 2 * 100 * cos(x)
expect("custom_jvp/jvp_vmap", lambda: jvp(vmap(sin100), (xs,), (jnp.ones(3),))[1], jnp.full((3,), 100.0))
expect("custom_jvp/hessian_vmap", lambda: jnp.diag(jax.hessian(lambda x: jnp.sum(vmap(sin100)(x) ** 2))(xs)),
       200.0 * jnp.cos(xs))
expect("custom_jvp/log1pexp_stable", lambda: vmap(grad(log1pexp))(jnp.array([1000.0, 0.0])), jnp.array([1.0, 0.5]))
expect("custom_jvp/log1pexp_grad_vmap", lambda: grad(lambda x: jnp.sum(vmap(log1pexp)(x)))(jnp.array([1000.0, 0.0])),
       jnp.array([1.0, 0.5]))
expect_error("custom_vjp/jvp_vmap_error", lambda: jvp(vmap(clip_grad), (xs,), (jnp.ones(3),)), TypeError,
             ["can't apply forward-mode autodiff (jvp) to a custom_vjp function."])


# an unbatched argument's cotangent is summed over the batch: f(x, w) = x * w with a rule that
# doubles the w-gradient and clips the x-gradient to 0.1
@jax.custom_vjp
def scale(x, w):
    return x * w


def scale_fwd(x, w):
    return x * w, (x, w)


def scale_bwd(res, g):
    x, w = res
    return (jnp.clip(g * w, -0.1, 0.1), 2.0 * g * x)


scale.defvjp(scale_fwd, scale_bwd)
v = jnp.array([1.0, 2.0, 3.0])
expect("custom_vjp/unbatched_arg_sums", lambda: grad(lambda w: jnp.sum(vmap(scale, in_axes=(0, None))(v, w)))(0.5), 12.0)
expect("custom_vjp/batched_arg", lambda: grad(lambda x: jnp.sum(vmap(scale, in_axes=(0, None))(x, 0.5)))(v), jnp.full((3,), 0.1))
expect("custom_vjp/batched_other_arg", lambda: grad(lambda x: jnp.sum(vmap(scale, in_axes=(None, 0))(x, v)))(2.0), 0.3)


# nondiff_argnums and pytree arguments under grad(vmap)
@partial(jax.custom_jvp, nondiff_argnums=(0,))
def apply7(fn, x):
    return fn(x)


@apply7.defjvp
def apply7_jvp(fn, primals, tangents):
    (x,), (t,) = primals, tangents
    return fn(x), 7.0 * t


expect("custom_jvp/nondiff_argnums", lambda: grad(lambda x: jnp.sum(vmap(lambda u: apply7(jnp.sin, u))(x)))(v),
       jnp.full((3,), 7.0))


@jax.custom_jvp
def dict_prod(d):
    return d["a"] * d["b"]


@dict_prod.defjvp
def dict_prod_jvp(primals, tangents):
    (d,), (t,) = primals, tangents
    return dict_prod(d), 3.0 * t["a"] + 5.0 * t["b"]


gt = grad(lambda a, b: jnp.sum(vmap(lambda x, y: dict_prod({"a": x, "b": y}), in_axes=(0, None))(a, b)),
          argnums=(0, 1))
expect("custom_jvp/pytree_batched", lambda: gt(v, 1.0)[0], jnp.full((3,), 3.0))
expect("custom_jvp/pytree_unbatched", lambda: gt(v, 1.0)[1], 15.0)


# pure_callback: differentiating it is an error naming the callback; custom_jvp around it works
def host_sin(x):
    return np.sin(np.asarray(x))


def cb(x):
    return jax.pure_callback(host_sin, jax.ShapeDtypeStruct(x.shape, x.dtype), x)


for tag, thunk in [("grad", lambda: grad(lambda x: jnp.sum(cb(x)))(v)),
                   ("jit_grad", lambda: jit(grad(lambda x: jnp.sum(cb(x))))(v)),
                   ("jvp", lambda: jvp(cb, (v,), (v,))),
                   ("vmap_grad", lambda: vmap(grad(lambda x: cb(x)))(v))]:
    expect_error("pure_callback/" + tag + "_error", thunk, ValueError,
                 ["Pure callbacks do not support JVP", "host_sin", "custom_jvp"])
expect("pure_callback/stop_gradient_ok", lambda: grad(lambda x: jnp.sum(cb(jax.lax.stop_gradient(x)) * x))(v),
       jnp.sin(v))


@jax.custom_jvp
def cb_sin(x):
    return cb(x)


@cb_sin.defjvp
def cb_sin_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return cb_sin(x), jnp.cos(x) * t


for tag, thunk in [("grad", lambda: grad(lambda x: jnp.sum(cb_sin(x)))(v)),
                   ("jit_grad", lambda: jit(grad(lambda x: jnp.sum(cb_sin(x))))(v)),
                   ("grad_jit", lambda: grad(jit(lambda x: jnp.sum(cb_sin(x))))(v)),
                   ("vmap_grad", lambda: vmap(grad(cb_sin))(v)),
                   ("grad_vmap", lambda: grad(lambda x: jnp.sum(vmap(cb_sin)(x)))(v)),
                   ("jvp", lambda: jvp(cb_sin, (v,), (jnp.ones(3),))[1])]:
    expect("pure_callback/custom_jvp_" + tag, thunk, jnp.cos(v))


# nested jit with static arguments: the inner function's Python control flow runs on them
@partial(jit, static_argnums=(1,))
def sin_n(x, n):
    for i in range(n):
        x = jnp.sin(x)
    return x


@partial(jit, static_argnames=("mode",))
def pick(x, mode="square"):
    if mode == "square":
        return x * x
    return x


@jit
def outer(x):
    return sin_n(x, 2) + sin_n(x, 3) + pick(x, mode="id") + pick(x)


s1 = jnp.sin(1.0)
s2 = jnp.sin(s1)
s3 = jnp.sin(s2)
expect("nested_jit/static_argnums", lambda: outer(1.0), s2 + s3 + 1.0 + 1.0)
expect("nested_jit/grad", lambda: grad(outer)(1.0),
       jnp.cos(s1) * jnp.cos(1.0) + jnp.cos(s2) * jnp.cos(s1) * jnp.cos(1.0) + 1.0 + 2.0)
expect("nested_jit/vmap", lambda: vmap(outer)(jnp.array([1.0, 1.0])), jnp.full((2,), s2 + s3 + 2.0))
expect("nested_jit/grad_of_static_inner", lambda: grad(jit(lambda x: sin_n(x, 2)))(1.0), jnp.cos(s1) * jnp.cos(1.0))
expect("nested_jit/traces_per_static_value", lambda: sin_n._cache_size() >= 2, True)


# errors inside custom rules under vmap and jit come out as the user's exceptions
@jax.custom_jvp
def bad_rule(x):
    return jnp.sin(x)


@bad_rule.defjvp
def bad_rule_jvp(primals, tangents):
    raise ValueError("raised by the rule")


@jax.custom_vjp
def bad_bwd(x):
    return x


bad_bwd.defvjp(lambda x: (x, None), lambda res, g: (g, g))
expect_error("errors/rule_raises_grad_vmap", lambda: grad(lambda x: jnp.sum(vmap(bad_rule)(x)))(v), ValueError,
             ["raised by the rule"])
expect_error("errors/rule_raises_grad_jit", lambda: grad(jit(bad_rule))(1.0), ValueError, ["raised by the rule"])
expect_error("errors/bwd_arity_grad", lambda: grad(bad_bwd)(1.0), TypeError, ["Custom VJP bwd rule"])
expect_error("errors/bwd_arity_grad_vmap", lambda: grad(lambda x: jnp.sum(vmap(bad_bwd)(x)))(v), TypeError,
             ["Custom VJP bwd rule"])


# custom functions inside lax control flow and jit graphs keep their rules (custom_jvp_call /
# custom_vjp_call equations): two scan steps of sin100 give 100 * 100, three fori steps 100^3
from jax import lax
sc2 = lambda x: lax.scan(lambda c, _: (sin100(c), None), x, None, length=2)[0]
expect("control_flow/scan_custom_jvp", lambda: grad(sc2)(0.1), 10000.0)
expect("control_flow/scan_custom_jvp_vmap_grad", lambda: vmap(grad(sc2))(xs), jnp.full((3,), 10000.0))
expect("control_flow/scan_custom_jvp_grad_vmap", lambda: grad(lambda x: jnp.sum(vmap(sc2)(x)))(xs), jnp.full((3,), 10000.0))
expect("control_flow/scan_custom_jvp_jit_grad", lambda: jit(grad(sc2))(0.1), 10000.0)
expect("control_flow/cond_custom_jvp", lambda: grad(lambda x: lax.cond(x > 0, sin100, jnp.cos, x))(0.1), 100.0)
expect("control_flow/fori_custom_jvp", lambda: grad(lambda x: lax.fori_loop(0, 3, lambda i, u: sin100(u), x))(0.1), 1e6, tol=1e-4)
expect("control_flow/jvp_scan_custom_jvp", lambda: jvp(sc2, (0.1,), (1.0,))[1], 10000.0)
# clip_grad inside scan: each step's cotangent 5 is clipped to 1 (autodiff would give 25)
clip_scan = lambda x: lax.scan(lambda c, _: (5.0 * clip_grad(c), None), x, None, length=2)[0]
expect("control_flow/scan_custom_vjp", lambda: grad(clip_scan)(0.1), 1.0)
expect("control_flow/scan_custom_vjp_vmap", lambda: grad(lambda x: jnp.sum(vmap(clip_scan)(x)))(xs), jnp.full((3,), 1.0))
expect("control_flow/log1pexp_in_scan", lambda: grad(lambda x: lax.scan(lambda c, _: (log1pexp(c), None), x, None, length=1)[0])(1000.0), 1.0)
expect_error("control_flow/custom_vjp_jvp_error", lambda: jvp(clip_scan, (0.1,), (1.0,)), TypeError,
             ["can't apply forward-mode autodiff (jvp) to a custom_vjp function."])
report("control_flow/jaxpr_has_custom_jvp_call", "custom_jvp_call" in str(jax.make_jaxpr(sc2)(0.1)),
       str(jax.make_jaxpr(sc2)(0.1)))
