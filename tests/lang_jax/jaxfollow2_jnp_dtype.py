# jnp.dtype of int8/int16/uint16/uint64 gives the dtype (JAX's jnp.dtype is NumPy's), even where
# jax.numpy has no arrays of it (uint64 without x64); iinfo knows their limits.
import jax.numpy as jnp

for n in ["int8", "int16", "uint16", "uint64"]:
    d = jnp.dtype(n)
    print(repr(d), d.name, d.itemsize, d.kind, d == getattr(jnp, n), d == jnp.dtype(getattr(jnp, n)))
    i = jnp.iinfo(getattr(jnp, n))
    print(" ", i.min, i.max, i.bits)
