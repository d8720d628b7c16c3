# Numerical checks of every primitive's rules, run by tests/suites/transform_rules.py (which also
# checks that every primitive of engine/prim.h appears in a PRIMS line below; it runs under JAX
# itself too, but for lax.linalg.lu's triangular factors). In float64 at random points: the JVP against central finite
# differences, the VJP against the JVP (<u, J v> = <J^T u, v>), a second derivative (the JVP of
# the gradient) against finite differences of the gradient, vmap against a loop of single
# calls, and jit against the eager call. Prints `PASS name` / `FAIL name: why` per check.
import jax
jax.config.update("jax_enable_x64", True)
import jax.numpy as jnp
from jax import lax, jvp, vjp, vmap, jit, grad

key = jax.random.PRNGKey(20240611)


def rnd(shape, lo=-1.0, hi=1.0):
    global key
    key, sub = jax.random.split(key)
    return jax.random.uniform(sub, shape, dtype=jnp.float64, minval=lo, maxval=hi)


def close(a, b, tol):
    a = jnp.asarray(a).astype(jnp.float64)
    b = jnp.asarray(b).astype(jnp.float64)
    if a.shape != b.shape:
        return "shapes " + str(a.shape) + " vs " + str(b.shape)
    if a.size == 0:
        return None
    err = float(jnp.max(jnp.abs(a - b)))
    scale = max(1.0, float(jnp.max(jnp.abs(b))))
    if not err <= tol * scale:
        return "max error " + str(err) + " (scale " + str(scale) + ")"
    return None


def report(name, why):
    if why is None:
        print("PASS " + name)
    else:
        print("FAIL " + name + ": " + why)


def fd_jvp(f, args, vs, eps=1e-6):
    plus = f(*[a + eps * v for a, v in zip(args, vs)])
    minus = f(*[a - eps * v for a, v in zip(args, vs)])
    return (plus - minus) / (2 * eps)


def prims_of(f, args):
    # the primitives of f's jaxpr, sub-graphs included, for the coverage check of
    # tests/suites/transform_rules.py (every primitive of engine/prim.h must appear in some check)
    # (the first word of each equation; lines that are not equations give words the runner
    # does not know as primitives)
    names = []
    for line in str(jax.make_jaxpr(f)(*args)).split("\n"):
        eq = line.split(" = ", 1)[1] if " = " in line else line
        nm = eq.strip().split(" ")[0].split("[")[0]
        if nm and nm not in names:
            names.append(nm)
    return names


def cover(name, f, args, u=None):
    # PRIMS: the primitives of f (all of its checks ran on them); with u, also those of the
    # gradient of <u, f>, whose JVP (second_order), VJP (second_order_vjp) and batching
    # (vmap_of_grad) the checks exercise too
    try:
        names = prims_of(f, args)
        if u is not None:
            g = grad(lambda *a: jnp.sum(f(*a) * u), argnums=tuple(range(len(args))))
            try:
                gnames = prims_of(g, args)
            except ValueError:   # a gradient that cannot be staged (while_loop): f's only
                gnames = []
            for nm in gnames:
                if nm not in names:
                    names.append(nm)
        print("PRIMS " + name + " " + " ".join(names))
    except Exception as e:
        report(name + "/jaxpr", type(e).__name__ + ": " + str(e).split("\n")[0])


def check_batch(name, f, args, tol=1e-9):
    # primitives without a derivative (integer, boolean, comparison results): vmap against a
    # loop over every argument and over the first only, jit against the eager call
    args = [jnp.asarray(a) for a in args]
    try:
        bargs = [jnp.stack([jnp.roll(a, k) if jnp.ndim(a) else a for k in range(3)]) for a in args]
        got = vmap(f)(*bargs)
        want = jnp.stack([f(*[b[k] for b in bargs]) for k in range(3)])
        report(name + "/vmap_vs_loop", close(got, want, tol))
        got1 = vmap(f, in_axes=(0,) + (None,) * (len(args) - 1))(bargs[0], *args[1:])
        want1 = jnp.stack([f(bargs[0][k], *args[1:]) for k in range(3)])
        report(name + "/vmap_first_arg", close(got1, want1, tol))
        report(name + "/jit", close(jit(f)(*args), f(*args), tol))
        cover(name, f, args)
    except Exception as e:
        report(name, type(e).__name__ + ": " + str(e).split("\n")[0])


def check(name, f, args, tol=1e-6, second=True, batch=True, tol2=1e-4):
    args = [jnp.asarray(a) for a in args]
    vs = [rnd(a.shape) for a in args]
    try:
        out, tan = jvp(f, tuple(args), tuple(vs))
        report(name + "/jvp_vs_fd", close(tan, fd_jvp(f, args, vs), tol))
        u = rnd(jnp.shape(out))
        out2, pb = vjp(f, *args)
        cts = pb(u)
        lhs = jnp.sum(u * tan)
        rhs = sum([jnp.sum(c * v) for c, v in zip(cts, vs)])
        report(name + "/vjp_vs_jvp", close(lhs, rhs, tol))
        if second:
            def scalar(*a):
                return jnp.sum(f(*a) * u)
            gr = grad(scalar, argnums=tuple(range(len(args))))
            _, t2 = jvp(lambda *a: gr(*a)[0], tuple(args), tuple(vs))
            fd2 = fd_jvp(lambda *a: gr(*a)[0], args, vs, 1e-5)
            report(name + "/second_order", close(t2, fd2, tol2))
            # the VJP of the gradient against its JVP: the rules of the primitives that the
            # gradient's own graph uses
            w = rnd(jnp.shape(args[0]))
            _, pbg = vjp(lambda *a: gr(*a)[0], *args)
            report(name + "/second_order_vjp", close(jnp.sum(w * t2),
                   sum([jnp.sum(c * v) for c, v in zip(pbg(w), vs)]), tol))
        if batch:
            bargs = [jnp.stack([a + 0.01 * k * v for k in range(3)]) for a, v in zip(args, vs)]
            got = vmap(f)(*bargs)
            want = jnp.stack([f(*[b[k] for b in bargs]) for k in range(3)])
            report(name + "/vmap_vs_loop", close(got, want, 1e-9))
            got1 = vmap(f, in_axes=(0,) + (None,) * (len(args) - 1))(bargs[0], *args[1:])
            want1 = jnp.stack([f(bargs[0][k], *args[1:]) for k in range(3)])
            report(name + "/vmap_first_arg", close(got1, want1, 1e-9))
            if len(args) > 1:
                got2 = vmap(f, in_axes=(None,) * (len(args) - 1) + (0,))(*args[:-1], bargs[-1])
                want2 = jnp.stack([f(*args[:-1], bargs[-1][k]) for k in range(3)])
                report(name + "/vmap_last_arg", close(got2, want2, 1e-9))
            # vmap of the gradient against a loop of gradients
            gb = vmap(grad(lambda *a: jnp.sum(f(*a) * u)))(*bargs)
            gl = jnp.stack([grad(lambda *a: jnp.sum(f(*a) * u))(*[b[k] for b in bargs]) for k in range(3)])
            report(name + "/vmap_of_grad", close(gb, gl, 1e-8))
        report(name + "/jit", close(jit(f)(*args), f(*args), 1e-9))
        cover(name, f, args, u if second and batch else None)
    except Exception as e:
        report(name, type(e).__name__ + ": " + str(e).split("\n")[0])


def check_reverse(name, f, args, tol=1e-6):
    # reverse mode only (custom_vjp functions have no JVP, as in JAX): the gradient of <u, f>
    # against central differences along v, vmap of f and of its gradient against loops, jit
    args = [jnp.asarray(a) for a in args]
    vs = [rnd(a.shape) for a in args]
    try:
        u = rnd(jnp.shape(f(*args)))
        scalar = lambda *a: jnp.sum(f(*a) * u)
        g = grad(scalar, argnums=tuple(range(len(args))))(*args)
        lhs = sum([jnp.sum(gi * v) for gi, v in zip(g, vs)])
        report(name + "/grad_vs_fd", close(lhs, fd_jvp(scalar, args, vs), tol))
        bargs = [jnp.stack([a + 0.01 * k * v for k in range(3)]) for a, v in zip(args, vs)]
        report(name + "/vmap_vs_loop", close(vmap(f)(*bargs), jnp.stack([f(*[b[k] for b in bargs]) for k in range(3)]), 1e-9))
        gb = vmap(grad(scalar))(*bargs)
        gl = jnp.stack([grad(scalar)(*[b[k] for b in bargs]) for k in range(3)])
        report(name + "/vmap_of_grad", close(gb, gl, 1e-8))
        # the gradient of a batched call (the batched primitive's reverse rule), first argument
        # batched and the others not: their cotangents are summed over the batch
        bsum = lambda *a: jnp.sum(vmap(f, in_axes=(0,) + (None,) * (len(a) - 1))(*a) * u)
        gv = grad(bsum, argnums=tuple(range(len(args))))(bargs[0], *args[1:])
        loop = [grad(scalar, argnums=tuple(range(len(args))))(bargs[0][k], *args[1:]) for k in range(3)]
        report(name + "/grad_of_vmap", close(gv[0], jnp.stack([l[0] for l in loop]), 1e-8))
        if len(args) > 1:
            report(name + "/grad_of_vmap_unbatched", close(gv[1], sum([l[1] for l in loop]), 1e-8))
        report(name + "/jit_of_grad", close(jit(grad(scalar))(*args), grad(scalar)(*args), 1e-9))
        report(name + "/jit", close(jit(f)(*args), f(*args), 1e-9))
        cover(name, f, args, u)
    except Exception as e:
        report(name, type(e).__name__ + ": " + str(e).split("\n")[0])


pos = lambda s: rnd(s, 0.5, 2.0)
sym = lambda s: rnd(s, -1.0, 1.0)

# elementwise, one operand
check("neg", lambda a: -a, [sym((3, 4))])
check("abs", jnp.abs, [pos((5,)) * jnp.array([1, -1, 1, -1, 1.0])])
check("exp", jnp.exp, [sym((2, 3))])
check("exp2", jnp.exp2, [sym((4,))])
check("log", jnp.log, [pos((4,))])
check("log2", jnp.log2, [pos((4,))])
check("log10", jnp.log10, [pos((4,))])
check("log1p", jnp.log1p, [pos((4,)) - 0.4])
check("expm1", jnp.expm1, [sym((4,))])
check("sqrt", jnp.sqrt, [pos((3, 2))])
check("rsqrt", lax.rsqrt, [pos((3,))])
check("cbrt", jnp.cbrt, [pos((3,))])
check("sin", jnp.sin, [sym((5,)) * 3])
check("cos", jnp.cos, [sym((5,)) * 3])
check("tan", jnp.tan, [sym((5,))])
check("asin", jnp.arcsin, [sym((5,)) * 0.9])
check("acos", jnp.arccos, [sym((5,)) * 0.9])
check("atan", jnp.arctan, [sym((5,)) * 3])
check("sinh", jnp.sinh, [sym((5,))])
check("cosh", jnp.cosh, [sym((5,))])
check("tanh", jnp.tanh, [sym((5,)) * 2])
check("asinh", jnp.arcsinh, [sym((5,)) * 2])
check("acosh", jnp.arccosh, [pos((5,)) + 0.7])
check("atanh", jnp.arctanh, [sym((5,)) * 0.9])
check("logistic", lax.logistic, [sym((5,)) * 3])
check("erf", lax.erf, [sym((5,))])
check("erfc", lax.erfc, [sym((5,))])
check("erf_inv", lax.erf_inv, [sym((5,)) * 0.9])
check("square", jnp.square, [sym((5,))])
check("lax_square", lax.square, [sym((5,))])
check("reciprocal", jnp.reciprocal, [pos((5,))])
check("integer_pow", lambda a: a ** 3, [sym((5,))])
check("integer_pow_neg", lambda a: lax.integer_pow(a, -2), [pos((5,))])
check("floor_zero_grad", lambda a: jnp.floor(a) * a, [pos((4,)) + 0.1])
check("sign_zero_grad", lambda a: jnp.sign(a) * a, [pos((4,))])
check("round_zero_grad", lambda a: jnp.round(a + 0.3) + a, [pos((4,))])
# elementwise, two operands, with broadcasting
check("add", lambda a, b: a + b, [sym((3, 4)), sym((4,))])
check("sub", lambda a, b: a - b, [sym((3, 1)), sym((1, 4))])
check("mul", lambda a, b: a * b, [sym((3, 4)), sym((3, 4))])
check("div", lambda a, b: a / b, [sym((3, 4)), pos((4,))])
check("pow", lambda a, b: a ** b, [pos((3,)), sym((3,)) * 2])
check("max", jnp.maximum, [sym((6,)), sym((6,))])
check("min", jnp.minimum, [sym((6,)), sym((6,))])
check("atan2", jnp.arctan2, [sym((4,)), sym((4,))])
check("rem", lambda a, b: lax.rem(a, b), [pos((4,)) * 3, pos((4,)) * 0.7 + 0.9])
check("hypot", jnp.hypot, [pos((4,)), sym((4,))])
check("copysign", jnp.copysign, [pos((4,)), sym((4,))])
check("select", lambda a, b: jnp.where(a > 0, a * 2, b), [sym((6,)), sym((6,))])
check("clamp", lambda a: jnp.clip(a, -0.5, 0.5), [sym((8,))])
check("convert", lambda a: a.astype(jnp.float32).astype(jnp.float64) * a, [sym((4,))], tol=5e-2, second=False)
# shapes and indexing
check("broadcast", lambda a: jnp.broadcast_to(a, (3, 2, 4)) * jnp.arange(24.0).reshape(3, 2, 4), [sym((2, 1))])
check("reshape", lambda a: jnp.reshape(a, (6, 2)) ** 2, [sym((3, 4))])
check("transpose", lambda a: jnp.transpose(a, (2, 0, 1)) * jnp.arange(24.0).reshape(4, 2, 3), [sym((2, 3, 4))])
check("slice", lambda a: a[1:3, ::2] ** 2, [sym((4, 5))])
check("rev", lambda a: a[::-1] * jnp.arange(5.0), [sym((5,))])
check("pad", lambda a, p: lax.pad(a, p, [(1, 2, 1), (0, -1, 0)]) ** 2, [sym((3, 4)), sym(())])
check("concatenate", lambda a, b: jnp.concatenate([a, b, a], axis=1) ** 2, [sym((2, 3)), sym((2, 2))])
idx = jnp.array([2, 0, 2, 1])
check("gather", lambda a: a[idx] ** 2, [sym((3, 4))])
check("gather_2d", lambda a: a[jnp.array([0, 2]), jnp.array([1, 3])] * 3, [sym((3, 4))])
check("scatter_add", lambda a, b: a.at[idx].add(b) ** 2, [sym((3, 4)), sym((4, 4))])
check("scatter_set", lambda a, b: a.at[jnp.array([2, 0])].set(b) ** 2, [sym((3, 4)), sym((2, 4))])
check("dynamic_slice", lambda a: lax.dynamic_slice(a, (1, 2), (2, 2)) ** 2, [sym((4, 5))])
check("dynamic_update_slice", lambda a, b: lax.dynamic_update_slice(a, b, (1, 2)) ** 2, [sym((4, 5)), sym((2, 2))])
# reductions and scans
check("reduce_sum", lambda a: jnp.sum(a ** 2, axis=1), [sym((3, 4))])
check("reduce_prod", lambda a: jnp.prod(a, axis=0), [sym((3, 4))])
check("reduce_prod_zero", lambda a: jnp.prod(a * jnp.array([1.0, 0.0, 1.0])), [sym((3,))], second=False)
check("reduce_max", lambda a: jnp.max(a, axis=1), [sym((3, 5))])
check("reduce_min", lambda a: jnp.min(a), [sym((3, 5))])
check("argmax_zero_grad", lambda a: a * jnp.argmax(a), [sym((5,))])
check("cumsum", lambda a: jnp.cumsum(a, axis=1) ** 2, [sym((2, 5))])
check("cumprod", lambda a: jnp.cumprod(a), [sym((5,))])
check("cummax", lambda a: lax.cummax(a, axis=0), [sym((6,))])
check("sort", lambda a: jnp.sort(a) * jnp.arange(6.0), [sym((6,))])
check("sort_2d", lambda a: jnp.sort(a, axis=0) ** 2, [sym((4, 3))])
# products and convolutions
check("matmul", lambda a, b: a @ b, [sym((3, 4)), sym((4, 2))])
check("matvec", lambda a, b: a @ b, [sym((3, 4)), sym((4,))])
check("batched_dot", lambda a, b: jnp.einsum("bij,bjk->bik", a, b), [sym((2, 3, 4)), sym((2, 4, 2))])
check("dot_general_odd", lambda a, b: lax.dot_general(a, b, (((0, 2), (2, 1)), ((1,), (0,)))), [sym((3, 2, 4)), sym((2, 4, 3, 5))])
check("conv", lambda x, w: lax.conv_general_dilated(x, w, (1, 1), "SAME"), [sym((2, 3, 5, 5)), sym((4, 3, 3, 3))])
check("conv_strided", lambda x, w: lax.conv_general_dilated(x, w, (2, 1), [(1, 0), (0, 2)], rhs_dilation=(1, 2)), [sym((1, 2, 6, 5)), sym((3, 2, 2, 2))])
check("conv_nhwc", lambda x, w: lax.conv_general_dilated(x, w, (1, 1), "VALID", dimension_numbers=("NHWC", "HWIO", "NHWC")), [sym((2, 5, 5, 3)), sym((3, 3, 3, 2))])
check("avg_pool", lambda x: lax.reduce_window(x, 0.0, lax.add, (1, 2, 2), (1, 2, 2), "VALID"), [sym((2, 4, 4))])
check("max_pool", lambda x: lax.reduce_window(x, -jnp.inf, lax.max, (1, 2, 2), (1, 2, 2), "VALID"), [sym((2, 4, 4))])
check("max_pool_same", lambda x: lax.reduce_window(x, -jnp.inf, lax.max, (3, 3), (1, 1), "SAME"), [sym((4, 4))])
# linear algebra
check("inv", jnp.linalg.inv, [sym((3, 3)) + 3 * jnp.eye(3)])
check("solve", jnp.linalg.solve, [sym((3, 3)) + 3 * jnp.eye(3), sym((3, 2))])
check("solve_vec", jnp.linalg.solve, [sym((3, 3)) + 3 * jnp.eye(3), sym((3,))])
check("det", jnp.linalg.det, [sym((3, 3)) + 2 * jnp.eye(3)])
check("slogdet", lambda a: jnp.linalg.slogdet(a)[1], [sym((3, 3)) + 2 * jnp.eye(3)])
check("cholesky", lambda a: jnp.linalg.cholesky(a @ a.T + 3 * jnp.eye(3)), [sym((3, 3))])
check("eigh_values", lambda a: jnp.linalg.eigh(a + a.T + jnp.diag(jnp.array([0.0, 3.0, 6.0])))[0], [sym((3, 3))])
check("eigh_vectors", lambda a: jnp.linalg.eigh(a + a.T + jnp.diag(jnp.array([0.0, 3.0, 6.0])))[1] ** 2, [sym((3, 3))])
# control flow
check("cond", lambda a, b: lax.cond(jnp.sum(a) > 0, lambda u, v: u * v, lambda u, v: u - v, a, b), [sym((3,)) + 0.5, sym((3,))])
check("switch", lambda a: lax.switch(1, [jnp.sin, jnp.cos, jnp.tan], a), [sym((3,))])
check("scan", lambda c, xs: lax.scan(lambda h, x: (jnp.tanh(h * x + 0.5), h * x), c, xs)[1], [sym((2,)), sym((4, 2))])
check("scan_reverse", lambda c, xs: lax.scan(lambda h, x: (h * jnp.cos(x), h + x), c, xs, reverse=True)[0], [sym((2,)), sym((3, 2))])
check("fori_loop", lambda a: lax.fori_loop(0, 3, lambda i, v: jnp.sin(v) * a + i, a), [sym((3,))])
check("while_loop_jvp", lambda a: lax.while_loop(lambda c: c[0] < 3, lambda c: (c[0] + 1, c[1] * a), (0, a))[1], [sym((3,))], batch=True)
check("map", lambda a: lax.map(lambda r: jnp.sum(r ** 2), a), [sym((3, 2))])
check("lgamma", lax.lgamma, [pos((5,)) * 2])
check("lgamma_negative", lax.lgamma, [-pos((4,)) * 0.4 - 0.05])
check("scatter_mul", lambda a, b: a.at[idx].multiply(b), [sym((3, 4)), sym((4, 4))])
check("scatter_mul_zeros", lambda a, b: a.at[idx].multiply(b * jnp.array([[1.0], [0.0], [0.0], [1.0]])), [sym((3, 4)), sym((4, 4))], second=False)
check("scatter_max", lambda a, b: a.at[idx].max(b), [sym((3, 4)), sym((4, 4))])
check("scatter_min", lambda a, b: a.at[idx].min(b), [sym((3, 4)), sym((4, 4))])
check("conv_grouped", lambda x, w: lax.conv_general_dilated(x, w, (1, 1), "SAME", feature_group_count=2), [sym((2, 4, 5, 5)), sym((6, 2, 3, 3))])
check("conv_depthwise", lambda x, w: lax.conv_general_dilated(x, w, (2, 1), [(1, 0), (0, 2)], rhs_dilation=(1, 2), feature_group_count=3), [sym((1, 3, 6, 5)), sym((3, 1, 2, 2))])
check("conv_grouped_nhwc", lambda x, w: lax.conv_general_dilated(x, w, (1, 1), "VALID", dimension_numbers=("NHWC", "HWIO", "NHWC"), feature_group_count=2), [sym((2, 5, 5, 4)), sym((3, 3, 2, 4))])
check("qr_q", lambda a: jnp.linalg.qr(a)[0], [sym((4, 3))])
check("qr_r", lambda a: jnp.linalg.qr(a)[1], [sym((3, 3))])
check("svd_values", lambda a: jnp.linalg.svd(a, compute_uv=False), [sym((4, 3))])
check("svd_u", lambda a: jnp.abs(jnp.linalg.svd(a, full_matrices=False)[0]), [sym((4, 3))])
check("svd_vt", lambda a: jnp.abs(jnp.linalg.svd(a, full_matrices=False)[2]), [sym((3, 4))])
check("lu", lambda a: lax.linalg.lu(a)[0], [sym((4, 4))])
check("copy", lambda a: jnp.copy(a) * a, [sym((3,))])
check("min_pool", lambda x: lax.reduce_window(x, jnp.inf, lax.min, (1, 2, 2), (1, 1, 2), "SAME"), [sym((2, 4, 4))])
# the pooling JVP on its own: select_and_gather_add, linear in the tangent, constant in x almost
# everywhere; its transpose is select_and_scatter_add
check("max_pool_jvp", lambda x, t: jvp(lambda y: lax.reduce_window(y, -jnp.inf, lax.max, (1, 2, 2), (1, 1, 1), "VALID"), (x,), (t,))[1], [sym((2, 4, 4)), sym((2, 4, 4))])
check("triangular_solve", lambda a, b: lax.linalg.triangular_solve(a + 3 * jnp.eye(3), b, left_side=True, lower=True), [sym((3, 3)), sym((3, 2))])
check("triangular_solve_right", lambda a, b: lax.linalg.triangular_solve(a + 3 * jnp.eye(3), b, transpose_a=True), [sym((3, 3)), sym((2, 3))])
# primitives without derivatives: batching and staging
ints = jnp.array([5, -3, 7, 2])
check_batch("sign_floor_ceil_round", lambda a: jnp.sign(a) + jnp.floor(a) + jnp.ceil(a) + jnp.round(a), [sym((4,)) * 3])
check_batch("is_finite_nan_inf", lambda a: jnp.isfinite(a) & ~jnp.isnan(a) | jnp.isinf(a), [sym((4,)) / jnp.array([1.0, 0.0, 1.0, 1.0])])
check_batch("floor_divide", lambda a, b: a // b, [ints, jnp.array([2, 3, -2, 5])])
check_batch("nextafter", lambda a, b: jnp.nextafter(a, b), [sym((4,)), sym((4,))])
check_batch("bitwise", lambda a, b: (a & b) | (a ^ b) | (a << 1) | (b >> 1), [ints, jnp.array([1, 6, 3, 2])])
check_batch("population_count_clz", lambda a: lax.population_count(a) + lax.clz(a), [ints])
check_batch("compare", lambda a, b: (a == b) | (a != b) & (a < b) | (a <= b) & (a > b) | (a >= b), [sym((4,)), sym((4,))])
check_batch("reduce_or_and", lambda a: jnp.any(a > 0, axis=0) & jnp.all(a < 2, axis=0), [sym((3, 4))])
check_batch("argmin_argmax", lambda a: jnp.argmin(a, axis=1) + jnp.argmax(a, axis=0)[:3], [sym((3, 4))])
check_batch("cummin", lambda a: lax.cummin(a, axis=0), [sym((5,))])
check_batch("stop_gradient", lambda a: lax.stop_gradient(a) * 2 + grad(lambda u: jnp.sum(u * lax.stop_gradient(u)))(a), [sym((4,))])
check_batch("iota", lambda a: a + lax.iota(jnp.int32, 4), [ints])
check_batch("sort_two_operands", lambda a, b: lax.sort((a, b), num_keys=1)[1], [sym((5,)), sym((5,))])
check_batch("while_loop", lambda a: lax.while_loop(lambda c: c[0] < 4, lambda c: (c[0] + 1, c[1] * 2), (0, a))[1], [ints])
check_batch("pure_callback", lambda a: jax.pure_callback(lambda v: v * 2, jax.ShapeDtypeStruct(a.shape, a.dtype), a), [sym((3,))])
check_batch("debug_callback", lambda a: a + 1 if jax.debug.callback(lambda v: None, a) is None else a, [sym((3,))])
# custom rules staged into graphs (custom_jvp_call / custom_vjp_call): under jit and inside
# control flow, with rules that are the true derivatives so that finite differences apply


@jax.custom_jvp
def log1pexp(x):
    return jnp.log1p(jnp.exp(x))


@log1pexp.defjvp
def log1pexp_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return log1pexp(x), t * jax.nn.sigmoid(x)


@jax.custom_vjp
def xsin(x, y):
    return x * jnp.sin(y)


def xsin_fwd(x, y):
    return x * jnp.sin(y), (x, y)


def xsin_bwd(res, g):
    x, y = res
    return (g * jnp.sin(y), g * x * jnp.cos(y))


xsin.defvjp(xsin_fwd, xsin_bwd)
check("custom_jvp_call_jit", jit(lambda a: log1pexp(a * 2.0)), [sym((4,))])
check("custom_jvp_call_scan", lambda c, xs: lax.scan(lambda h, x: (log1pexp(h * x), h), c, xs)[0], [sym((2,)), sym((3, 2))])
check_reverse("custom_vjp_call_jit", jit(xsin), [sym((4,)), sym((4,))])
check_reverse("custom_vjp_call_in_vmap", lambda a, b: vmap(jit(xsin), in_axes=(0, None))(a, b), [sym((3, 4)), sym((4,))])
check_reverse("custom_vjp_call_scan", lambda c, xs: lax.scan(lambda h, x: (xsin(h, x), h), c, xs)[0], [sym((2,)), sym((3, 2))])


# collectives over a named axis (vmap(axis_name='i') of n per-device calls): the batched
# function's rules (the collectives' batching over their own axis) as above, the gradient taken
# inside the mapped function (the collectives' own JVP and transpose rules, then batched)
# against central differences of the summed objective, vmap against a loop where the function
# has no collective of another axis; PRIMS from make_jaxpr with the axis bound.
def check_coll(name, g, args, n, deriv=True):
    args = [jnp.asarray(a) for a in args]
    f = vmap(g, axis_name="i")
    try:
        if deriv:
            check(name, f, args, second=False, batch=False)
            u = rnd(jnp.shape(f(*args)))
            vs = [rnd(a.shape) for a in args]
            total = lambda *a: jnp.sum(vmap(g, axis_name="i")(*a) * u)
            inner = vmap(lambda *r: grad(lambda *q: jnp.sum(g(*q[:-1]) * q[-1]), argnums=tuple(range(len(r) - 1)))(*r),
                         axis_name="i")(*args, u)
            lhs = sum([jnp.sum(c * v) for c, v in zip(inner, vs)])
            report(name + "/grad_inside_vs_fd", close(lhs, fd_jvp(total, args, vs), 1e-6))
        else:
            report(name + "/jit", close(jit(f)(*args), f(*args), 1e-9))
        one = [a[0] for a in args]
        names = prims_of_env(g, one, n)
        if deriv:
            for nm in prims_of_env(grad(lambda *q: jnp.sum(g(*q))), one, n):
                if nm not in names:
                    names.append(nm)
        print("PRIMS " + name + " " + " ".join(names))
    except Exception as e:
        report(name, type(e).__name__ + ": " + str(e).split("\n")[0])


def prims_of_env(f, args, n):
    names = []
    for line in str(jax.make_jaxpr(f, axis_env=[("i", n)])(*args)).split("\n"):
        eq = line.split(" = ", 1)[1] if " = " in line else line
        nm = eq.strip().split(" ")[0].split("[")[0]
        if nm and nm not in names:
            names.append(nm)
    return names


check_coll("psum", lambda x: lax.psum(x ** 2, "i") * x, [sym((3, 2))], 3)
check_coll("pmean", lambda x: jnp.sin(lax.pmean(x, "i")) * x, [sym((4,))], 4)
check_coll("all_gather", lambda x: jnp.sum(lax.all_gather(x, "i") ** 2, axis=0) * x, [sym((3, 2))], 3)
check_coll("all_gather_tiled", lambda x: lax.all_gather(x, "i", axis=0, tiled=True)[1:3] * x[0], [sym((3, 2))], 3)
check_coll("ppermute", lambda x: lax.ppermute(x, "i", [(0, 1), (1, 2), (2, 0)]) * x, [sym((3, 2))], 3)
check_coll("all_to_all", lambda x: lax.all_to_all(x, "i", 0, 0) ** 2, [sym((3, 3))], 3)
check_coll("all_to_all_tiled", lambda x: lax.all_to_all(x, "i", 1, 0, tiled=True) * 2.0, [sym((2, 3, 4))], 2)
check_coll("psum_scatter", lambda x: lax.psum_scatter(x ** 2, "i") * x[0], [sym((3, 3))], 3)
check_coll("pmax_pmin", lambda x: lax.pmax(x, "i") - lax.pmin(x, "i"), [sym((3, 2))], 3, deriv=False)
check_coll("axis_index", lambda x: x * lax.axis_index("i"), [sym((4,))], 4)
