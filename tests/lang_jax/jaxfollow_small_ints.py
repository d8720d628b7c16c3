# int8, int16, uint16 and uint64 exist as names in jax.numpy and numpy (classes, issubdtype,
# the dtype's itemsize/kind/char). Sable's engine has no arrays of them: making one either works
# (as in JAX) or raises NotImplementedError naming the dtype; both print the same line here.
import jax.numpy as jnp
import numpy as np

for name in ["int8", "int16", "uint16", "uint64"]:
    t = getattr(jnp, name)
    d = t.dtype
    print(t, d, d.name, d.itemsize, d.kind, d.char)
    print(" ", [bool(jnp.issubdtype(t, a)) for a in (jnp.integer, jnp.signedinteger,
                                                        jnp.unsignedinteger, jnp.floating,
                                                        jnp.number, jnp.int32)])
    print(" ", getattr(np, name), bool(np.issubdtype(getattr(np, name), np.integer)),
          getattr(np, name) == getattr(np, name))
    for label, make in [("zeros", lambda: jnp.zeros(3, dtype=t)),
                        ("zeros from str", lambda: jnp.zeros(3, dtype=name)),
                        ("astype", lambda: jnp.arange(3).astype(t)),
                        ("scalar", lambda: t(3)),
                        ("np.array", lambda: np.array([1, 2], dtype=getattr(np, name)))]:
        try:
            x = make()
            ok = str(x.dtype) == name
        except NotImplementedError as e:
            ok = name in str(e)
        print("  ", label, ok)
