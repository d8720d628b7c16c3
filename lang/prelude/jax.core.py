# jax.core - what user code touches of JAX's core: Tracer (the class every transformation's
# tracer derives from, for isinstance checks) and ShapedArray / AbstractValue.
import sable.transforms as _tf

Tracer = _tf._Tracer


class _Shaped:
    # ndim and size from self.shape: ShapedArray here, jax.ShapeDtypeStruct (sable._jaxapi) and
    # float0 arrays (sable._dtypes), which also take len() (_Sized)
    @property
    def ndim(self):
        return len(self.shape)

    @property
    def size(self):
        n = 1
        for d in self.shape:
            n *= d
        return n


class _Sized(_Shaped):
    def __len__(self):
        if not self.shape:
            raise TypeError("len() of unsized object")
        return self.shape[0]


class AbstractValue:
    pass


_SHORT = {'float32': 'f32', 'float64': 'f64', 'float16': 'f16', 'bfloat16': 'bf16', 'int32': 'i32',
          'int64': 'i64', 'uint8': 'u8', 'uint32': 'u32', 'bool': 'bool'}


class ShapedArray(_Shaped, AbstractValue):
    """The abstract value of an array: shape, dtype and weak_type."""
    __module__ = 'jax._src.core'

    def __init__(self, shape, dtype, weak_type=False):
        import jax.numpy as jnp
        self.shape = tuple(int(d) for d in shape)
        self.dtype = jnp.dtype(dtype)
        self.weak_type = bool(weak_type)

    def str_short(self, short_dtypes=False, mesh_axis_types=False):
        name = _SHORT.get(self.dtype.name, self.dtype.name) if short_dtypes else self.dtype.name
        return ('~' if self.weak_type else '') + name + '[' + ','.join(str(d) for d in self.shape) + ']'

    def __str__(self):
        return self.str_short()

    def __repr__(self):
        name = self.dtype.name + '[' + ','.join(str(d) for d in self.shape) + ']'
        return 'ShapedArray(' + name + (', weak_type=True' if self.weak_type else '') + ')'

    def __eq__(self, other):
        return (type(self) is type(other) and self.shape == other.shape and self.dtype == other.dtype
                and self.weak_type == other.weak_type)

    def __hash__(self):
        return hash((self.shape, self.dtype.name, self.weak_type))

    def update(self, shape=None, dtype=None, weak_type=None):
        return ShapedArray(self.shape if shape is None else shape, self.dtype if dtype is None else dtype,
                           self.weak_type if weak_type is None else weak_type)
