# Found by tests/suites/fuzz_programs.py: lax.fori_loop(2, 2**63 - 1, ...) ran (for ever) where
# JAX refuses a Python int bound beyond int32, and jnp.arange(3) + 2**40 silently wrapped to
# [0 1 2]. JAX parses Python ints as weak int32 (x64 off): beyond that is an OverflowError.
# Expected output: jax 0.10.2 (jax_python_int_bounds.out); only exception types are printed.
import jax.numpy as jnp
from jax import lax

cases = [
    ("fori 2**63-1", lambda: lax.fori_loop(2, 2**63 - 1, lambda k, a: a * k, 1)),
    ("fori 2**31", lambda: lax.fori_loop(0, 2**31, lambda k, a: a, 1)),
    ("fori ok", lambda: lax.fori_loop(2, 6, lambda k, a: a * k, 1)),
    ("i32 + 2**40", lambda: jnp.arange(3) + 2**40),
    ("i32 + 2**31", lambda: jnp.arange(3) + 2**31),
    ("i32 + -2**31", lambda: jnp.arange(3) + -2**31),
    ("i32 * (-2**31 - 1)", lambda: jnp.arange(3) * (-2**31 - 1)),
    ("u8 + 300", lambda: jnp.arange(3, dtype=jnp.uint8) + 300),
    ("u8 + -1", lambda: jnp.arange(3, dtype=jnp.uint8) + (-1)),
    ("f32 + 2**40", lambda: jnp.arange(3.0) + 2**40),
    ("i32 < 2**40", lambda: jnp.arange(3) < 2**40),
    ("f32 + 2.0**40", lambda: jnp.arange(3.0) + 2.0**40),
]
for name, f in cases:
    try:
        print(name, "ok", f())
    except Exception as e:
        print(name, type(e).__name__)
