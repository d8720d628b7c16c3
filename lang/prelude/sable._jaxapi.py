# sable._jaxapi - jax.ShapeDtypeStruct, jax.eval_shape and jax.linear_transpose, written in
# Sable over jit's abstract tracing (lower) and vjp. Re-exported by `jax` (sable.transforms).
import jax.numpy as _jnp
from jax.tree_util import tree_flatten as _flatten, tree_unflatten as _unflatten
from jax.core import _Sized


class ShapeDtypeStruct(_Sized):
    """A shape and dtype without data: what eval_shape returns and jit(f).lower accepts."""

    __slots__ = ("shape", "dtype", "sharding", "weak_type")
    __module__ = "jax"

    def __init__(self, shape, dtype, *, sharding=None, weak_type=False):
        self.shape = tuple(shape)
        if dtype is None:
            raise ValueError("ShapeDtypeStruct: dtype must be specified.")
        try:
            self.dtype = _jnp.dtype(dtype)
        except TypeError:
            if not hasattr(dtype, "name"):   # typed PRNG keys: key<fry> is kept as it is
                raise
            self.dtype = dtype
        self.sharding = sharding
        self.weak_type = bool(weak_type)

    def __repr__(self):
        w = ", weak_type=True" if self.weak_type else ""
        return "ShapeDtypeStruct(shape=" + repr(self.shape) + ", dtype=" + self.dtype.name + w + ")"

    __str__ = __repr__

    def __eq__(self, other):
        if not isinstance(other, ShapeDtypeStruct):
            return False
        return (self.shape, self.dtype, self.sharding, self.weak_type) == (
            other.shape, other.dtype, other.sharding, other.weak_type)

    def __hash__(self):
        return hash((self.shape, self.dtype.name, self.weak_type))


def _struct_of(x):
    """The ShapeDtypeStruct of a value a traced function returned (tracers, arrays, scalars)."""
    if isinstance(x, ShapeDtypeStruct):
        return x
    if isinstance(x, (bool, int, float)):
        return ShapeDtypeStruct((), _jnp.asarray(x).dtype, weak_type=True)
    return ShapeDtypeStruct(x.shape, x.dtype, weak_type=bool(getattr(x, "weak_type", False)))


def eval_shape(fun, *args, **kwargs):
    """The shapes and dtypes fun(*args, **kwargs) would have: fun is traced as jit traces it
    (abstractly: nothing is computed), arguments may be arrays or ShapeDtypeStructs."""
    from sable.transforms import jit
    box = []

    def traced(*a, **k):
        out = fun(*a, **k)
        leaves, tree = _flatten(out)
        box.append(_unflatten(tree, [_struct_of(v) for v in leaves]))
        return out

    jit(traced).lower(*args, **kwargs)
    return box[0]


def _shaped(s):
    w = ", weak_type=True" if s.weak_type else ""
    return "ShapedArray(" + s.dtype.name + "[" + ",".join(str(d) for d in s.shape) + "]" + w + ")"


def _is_float(d):
    return _jnp.issubdtype(d, _jnp.inexact)


def linear_transpose(fun, *primals, reduce_axes=()):
    """The transpose of the linear function fun, whose inputs look like primals (only their
    shapes and dtypes are used). Each call pulls a cotangent of fun's output back through
    fun's primitives with their transpose rules; a primitive that is not linear in its input
    raises as JAX does."""
    from sable.transforms import vjp
    flat, in_tree = _flatten(primals)
    in_structs = [_struct_of(p) for p in flat]
    out_struct = eval_shape(fun, *primals)
    out_flat, out_tree = _flatten(out_struct)
    in_dt = [s.dtype for s in in_structs]
    out_dt = [s.dtype for s in out_flat]
    if not (all(_is_float(d) for d in in_dt + out_dt) or
            all(_jnp.issubdtype(d, _jnp.integer) for d in in_dt + out_dt)):
        raise TypeError("linear_transpose only supports [float or complex] -> [float or complex], "
                        "and integer -> integer functions, but got " + repr(in_dt) + " -> " +
                        repr(out_dt) + ".")
    if not all(_is_float(d) for d in in_dt + out_dt):
        raise NotImplementedError("linear_transpose of an integer -> integer function is not "
                                  "supported by Sable (only float functions are transposed)")
    # the function runs at zeros of the primals' types (weak types kept: Python scalars stay
    # Python scalars), so no values of the caller's primals leak into the result
    zeros = []
    for p, s in zip(flat, in_structs):
        if isinstance(p, (bool, int, float)):
            zeros.append(type(p)(0))
        else:
            zeros.append(_jnp.zeros(s.shape, s.dtype))
    zero_primals = _unflatten(in_tree, zeros)

    def transposed(out_cotangent):
        cts, ct_tree = _flatten(out_cotangent)
        if ct_tree != out_tree:
            raise TypeError("cotangent tree does not match function output, expected " +
                            repr(out_tree) + " but got " + repr(ct_tree))
        for want, ct in zip(out_flat, cts):
            got = _struct_of(ct)
            if got.shape != want.shape or got.dtype != want.dtype:
                inner = ", ".join(_shaped(s) for s in out_flat)
                if len(out_flat) == 1:
                    inner += ","
                raise TypeError("cotangent type does not match function output, expected (" +
                                inner + ") but got " + repr(cts))
        _, pullback = vjp(fun, *zero_primals, _linear=True)
        return pullback(out_cotangent)

    return transposed
