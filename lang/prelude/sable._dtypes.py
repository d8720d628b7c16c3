# sable._dtypes - jax.dtypes.float0 (the dtype of the cotangent of an integer or boolean input)
# and the arrays of it grad(allow_int=True) and vjp return, plus canonicalize_dtype,
# result_type, finfo, iinfo. The names in __all__ are added to jax.dtypes.
import jax.numpy as _jnp
from jax.dtypes import issubdtype as _issubdtype
from jax.core import _Sized

__all__ = ["float0", "issubdtype", "canonicalize_dtype", "result_type", "finfo", "iinfo",
           "bfloat16"]


class _Float0DType:
    """NumPy's dtype([('float0', 'V')]): a zero-size void type; its arrays carry no data."""

    name = "void"
    kind = "V"
    char = "V"
    itemsize = 0
    names = ("float0",)

    def __repr__(self):
        return "dtype([('float0', 'V')])"

    def __str__(self):
        return "[('float0', 'V')]"

    def __eq__(self, other):
        return other is self

    def __ne__(self, other):
        return other is not self

    def __hash__(self):
        return hash("float0")


float0 = _Float0DType()


def _nest(shape, indent, comma):
    if not shape:
        return "(b'',)"
    if len(shape) == 1:
        return "[" + (", " if comma else " ").join(["(b'',)"] * shape[0]) + "]"
    sep = ("," if comma else "") + "\n" * (len(shape) - 1) + " " * (indent + 1)
    return "[" + sep.join(_nest(shape[1:], indent + 1, comma) for _ in range(shape[0])) + "]"


class TypedNdArray(_Sized):
    """An array of dtype float0 (as JAX returns it: a NumPy array, not a jax.Array): only its
    shape is information, every element is the empty record (b'',)."""

    __slots__ = ("shape",)

    def __init__(self, shape):
        self.shape = tuple(int(d) for d in shape)

    dtype = float0

    def __repr__(self):
        return "TypedNdArray(" + _nest(self.shape, len("TypedNdArray("), True) + ", dtype=void)"

    def __str__(self):
        return _nest(self.shape, 0, False)


def _float0_zeros(shape):
    """The cotangent of an integer or boolean input of this shape (called by grad and vjp)."""
    return TypedNdArray(shape)


def issubdtype(a, b):
    """Whether dtype a is b or below it in NumPy's hierarchy (float0 is below nothing else)."""
    if a is float0 or b is float0:
        return a is b
    return _issubdtype(a, b)


def canonicalize_dtype(dtype, allow_extended_dtype=False):
    """The dtype JAX computes in: 64-bit types narrowed to 32 bits unless jax_enable_x64."""
    if dtype is float0:
        return float0
    return _jnp.zeros((), dtype).dtype


def result_type(*args, return_weak_type_flag=False):
    """The dtype of an operation on args, by JAX's type promotion."""
    r = _jnp.result_type(*args)
    if return_weak_type_flag:
        weak = all(isinstance(a, (bool, int, float)) or getattr(a, "weak_type", False)
                   for a in args)
        return r, weak
    return r


def finfo(dtype):
    """Machine limits of a float type (jax.numpy.finfo)."""
    return _jnp.finfo(dtype)


def iinfo(dtype):
    """Machine limits of an integer type (jax.numpy.iinfo)."""
    return _jnp.iinfo(dtype)


bfloat16 = _jnp.bfloat16
