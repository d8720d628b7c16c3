# sable._autodiff - Jacobians and Hessians, written in Sable on top of jvp, vjp and vmap
# (JAX's own construction): jacfwd pushes a basis of tangents through jvp under vmap, jacrev
# pulls a basis of cotangents back through vjp under vmap. Re-exported by `jax`.
import jax.numpy as _jnp
from sable.transforms import jvp as _jvp, vjp as _vjp, vmap as _vmap
from sable.transforms import custom_jvp as _custom_jvp, custom_vjp as _custom_vjp
from jax.tree_util import tree_flatten as _flatten, tree_unflatten as _unflatten


def _argnums_partial(f, argnums, args):
    if isinstance(argnums, int):
        nums = (argnums,)
    else:
        nums = tuple(argnums)
    n = len(args)
    for i in nums:
        if i >= n or i < -n:
            raise TypeError("differentiating with respect to argnums=" + str(i) +
                            " requires at least " + str(i + 1) +
                            " positional arguments to be passed by the caller, but got only " +
                            str(n) + " positional arguments.")
    nums = tuple(i % n for i in nums)

    def f_partial(*dyn):
        full = list(args)
        for i, v in zip(nums, dyn):
            full[i] = v
        return f(*full)

    return f_partial, tuple(args[i] for i in nums)


def _size(x):
    s = 1
    for d in _jnp.shape(x):
        s = s * d
    return s


def _std_basis(tree):
    # one row of the identity per scalar in the tree, shaped like the tree's leaves
    leaves, td = _flatten(tree)
    leaves = [_jnp.asarray(l) for l in leaves]
    sizes = [_size(l) for l in leaves]
    n = sum(sizes)
    dtype = leaves[0].dtype if leaves else _jnp.float32
    for l in leaves:
        if _jnp.issubdtype(l.dtype, _jnp.floating):
            dtype = l.dtype
            break
    eye = _jnp.eye(n, dtype=dtype)
    parts = []
    off = 0
    for l, s in zip(leaves, sizes):
        parts.append(_jnp.reshape(eye[:, off:off + s], (n,) + tuple(l.shape)))
        off = off + s
    return _unflatten(td, parts)


def _split_last(example, jac):
    # jac: out_shape + (N,) over the leaves of example -> example's structure of
    # out_shape + leaf_shape
    leaves, td = _flatten(example)
    out_shape = tuple(jac.shape[:-1])
    parts = []
    off = 0
    for l in leaves:
        l = _jnp.asarray(l)
        s = _size(l)
        parts.append(_jnp.reshape(jac[..., off:off + s], out_shape + tuple(l.shape)))
        off = off + s
    return _unflatten(td, parts)


def _split_first(example, jac, in_shape):
    # jac: (N,) + in_shape over the leaves of example -> example's structure of
    # leaf_shape + in_shape
    leaves, td = _flatten(example)
    parts = []
    off = 0
    for l in leaves:
        l = _jnp.asarray(l)
        s = _size(l)
        parts.append(_jnp.reshape(jac[off:off + s], tuple(l.shape) + tuple(in_shape)))
        off = off + s
    return _unflatten(td, parts)


def jacfwd(fun, argnums=0, has_aux=False, holomorphic=False):
    """Jacobian of fun by forward mode: jacfwd(f)(x)[i..., j...] = d f(x)[i...] / d x[j...]."""

    def jacfun(*args, **kwargs):
        f = fun if not kwargs else (lambda *a: fun(*a, **kwargs))
        f_partial, dyn = _argnums_partial(f, argnums, args)

        if has_aux:
            def pushfwd(t):
                y, jt, aux = _jvp(f_partial, dyn, t, has_aux=True)
                return y, jt, aux
            y, jac, aux = _vmap(pushfwd, out_axes=(None, -1, None))(_std_basis(dyn))
        else:
            def pushfwd(t):
                return _jvp(f_partial, dyn, t)
            y, jac = _vmap(pushfwd, out_axes=(None, -1))(_std_basis(dyn))
        example = dyn[0] if isinstance(argnums, int) else dyn
        yl, ytd = _flatten(y)
        jl, _ = _flatten(jac)
        out = _unflatten(ytd, [_split_last(example, j) for j in jl])
        if has_aux:
            return out, aux
        return out

    return jacfun


def jacrev(fun, argnums=0, has_aux=False, holomorphic=False, allow_int=False):
    """Jacobian of fun by reverse mode: one vector-Jacobian product per output element."""

    def jacfun(*args, **kwargs):
        f = fun if not kwargs else (lambda *a: fun(*a, **kwargs))
        f_partial, dyn = _argnums_partial(f, argnums, args)
        if has_aux:
            y, pullback, aux = _vjp(f_partial, *dyn, has_aux=True)
        else:
            y, pullback = _vjp(f_partial, *dyn)
        jac = _vmap(pullback)(_std_basis(y))
        # jac: a tuple over dyn of pytrees whose leaves are (N_out,) + leaf shape
        jac = jac[0] if isinstance(argnums, int) else jac
        example = dyn[0] if isinstance(argnums, int) else dyn
        ex_leaves, ex_td = _flatten(example)
        jac_leaves, _ = _flatten(jac)
        y_leaves, y_td = _flatten(y)
        # per input leaf: the output structure of (out_shape + in_shape) arrays
        per_in = []
        for xl, jl in zip(ex_leaves, jac_leaves):
            per_in.append(_flatten(_split_first(y, jl, _jnp.shape(xl)))[0])
        # transpose: outer structure is the output's, inner the input's
        outer = []
        for k in range(len(y_leaves)):
            outer.append(_unflatten(ex_td, [per_in[i][k] for i in range(len(ex_leaves))]))
        out = _unflatten(y_td, outer)
        if has_aux:
            return out, aux
        return out

    return jacfun


def hessian(fun, argnums=0, has_aux=False, holomorphic=False):
    """The Hessian: jacfwd(jacrev(fun))."""
    return jacfwd(jacrev(fun, argnums, has_aux=has_aux), argnums, has_aux=has_aux)


def _custom_batched(is_vjp, fun, rule, bwd, nondiff, args, axes, size):
    # A custom_jvp / custom_vjp function called under vmap inside a differentiation (grad(vmap(f))):
    # the same custom function one level out, with its function and rules vmapped, as JAX batches
    # custom_jvp_call. Called by the C side with the batch tracers of `args` replaced by their
    # values; `axes` holds the batch axis (or None) of each leaf of the differentiable arguments.
    # Its differentiable arguments are those leaves, so the rules see flat tuples of them.
    n = len(args)
    nd = sorted(set(i % n for i in nondiff))
    dpos = [i for i in range(n) if i not in nd]
    leaves, td = _flatten(tuple(args[i] for i in dpos))
    axes = tuple(axes)
    ndv = [args[i] for i in nd]

    def full(dl):
        a = list(args)
        for i, v in zip(dpos, _unflatten(td, list(dl))):
            a[i] = v
        return a

    if not is_vjp:
        def f_flat(*dl):
            return fun(*full(dl))

        def jvp_flat(P, T):
            def one(P, T):
                return rule(*ndv, _unflatten(td, list(P)), _unflatten(td, list(T)))
            return _vmap(one, in_axes=(axes, axes), axis_size=size)(tuple(P), tuple(T))

        g = _custom_jvp(_vmap(f_flat, in_axes=axes, axis_size=size))
        g.defjvp(jvp_flat)
        return g(*leaves)

    def f_flat(*dl):
        return fun(*full(dl))

    def fwd_flat(*dl):
        return rule(*full(dl))

    def bwd_flat(res, ct):
        ct_leaves, ct_td = _flatten(ct)
        ct_axes = _unflatten(ct_td, [0 if _jnp.ndim(c) > 0 else None for c in ct_leaves])

        def one(r, c):
            return bwd(*ndv, r, c)
        cts = _vmap(one, in_axes=(0, ct_axes), axis_size=size)(res, ct)
        if not isinstance(cts, (tuple, list)) or len(cts) != len(dpos):
            raise TypeError("Custom VJP bwd rule must produce a tuple with one cotangent per "
                            "differentiable argument of the primal function (" + str(len(dpos)) +
                            "), got " + (str(len(cts)) if isinstance(cts, (tuple, list)) else
                                         type(cts).__name__) + ".")
        out = []
        for i in range(len(dpos)):
            sub = _flatten(args[dpos[i]])[0]
            c = cts[i]
            if c is None:
                out.extend([None] * len(sub))
            else:
                for cl in _flatten(c)[0]:
                    ax = axes[len(out)]
                    out.append(_jnp.sum(cl, axis=0) if ax is None else _jnp.moveaxis(cl, 0, ax))
        return tuple(out)

    g = _custom_vjp(_vmap(f_flat, in_axes=axes, axis_size=size))
    g.defvjp(_vmap(fwd_flat, in_axes=axes, axis_size=size), bwd_flat)
    return g(*leaves)


def _custom_flat(is_vjp, fun, rule, bwd, nondiff, args):
    # A custom_jvp / custom_vjp function called under a staging trace (jit, a lax control-flow
    # body): the function and its rules over the flat leaves of the differentiable arguments,
    # which the C side stages as a custom_jvp_call / custom_vjp_call equation. Returns
    # (leaves, f, rule, bwd): f(*leaves); rule(P, T) -> (out, tout) for custom_jvp, or
    # fwd(*leaves) -> (out, residuals) for custom_vjp, with bwd(residuals, ct) -> one
    # cotangent (or None) per leaf.
    n = len(args)
    nd = sorted(set(i % n for i in nondiff))
    dpos = [i for i in range(n) if i not in nd]
    leaves, td = _flatten(tuple(args[i] for i in dpos))
    ndv = [args[i] for i in nd]
    counts = [len(_flatten(args[i])[0]) for i in dpos]

    def full(dl):
        a = list(args)
        for i, v in zip(dpos, _unflatten(td, list(dl))):
            a[i] = v
        return a

    def f_flat(*dl):
        return fun(*full(dl))

    def pair(r, what):
        if not isinstance(r, (tuple, list)) or len(r) != 2:
            raise TypeError("Custom " + what + " rule must produce a pair (list or tuple of "
                            "length two), got " + type(r).__name__ + ".")
        return r[0], r[1]

    if not is_vjp:
        def jvp_flat(P, T):
            out, tout = pair(rule(*ndv, _unflatten(td, list(P)), _unflatten(td, list(T))), "JVP")
            if len(_flatten(out)[0]) != len(_flatten(tout)[0]):
                raise TypeError("Custom JVP rule must produce primal and tangent outputs with "
                                "equal container (pytree) structures.")
            return out, tout
        return leaves, f_flat, jvp_flat, None

    def fwd_flat(*dl):
        out, res = pair(rule(*full(dl)), "VJP fwd")
        return out, res

    def bwd_flat(res, ct):
        cts = bwd(*ndv, res, ct)
        if not isinstance(cts, (tuple, list)) or len(cts) != len(dpos):
            raise TypeError("Custom VJP bwd rule must produce a tuple with one cotangent per "
                            "differentiable argument of the primal function (" + str(len(dpos)) +
                            "), got " + (str(len(cts)) if isinstance(cts, (tuple, list)) else
                                         type(cts).__name__) + ".")
        out = []
        for c, k in zip(cts, counts):
            if c is None:
                out.extend([None] * k)
                continue
            cl = _flatten(c)[0]
            if len(cl) != k:
                raise TypeError("Custom VJP bwd rule must produce an output with the same "
                                "structure as the primal arguments.")
            out.extend(cl)
        return tuple(out)

    return leaves, f_flat, fwd_flat, bwd_flat


def _custom_bwd_batched(bwd_flat, size, batched):
    # the backward function of a vmapped custom_vjp_call: every residual and output cotangent
    # is batched at axis 0; an operand that was not batched gets the sum over the batch
    def bwd_b(res, ct):
        cts = _vmap(bwd_flat, in_axes=(0, 0), axis_size=size)(res, ct)
        return tuple(None if c is None else (c if b else _jnp.sum(c, axis=0))
                     for c, b in zip(cts, batched))
    return bwd_b
