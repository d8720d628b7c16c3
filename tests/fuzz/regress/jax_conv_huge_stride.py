# Found by tests/suites/fuzz_programs.py: "SAME" padding with a stride near 2**63 overflowed
# int64 in the padding arithmetic (engine/prim.c prim_padtype_to_pads, UBSan).
# Expected output: jax 0.10.2 (tests/fuzz/regress/jax_conv_huge_stride.out).
import jax.numpy as jnp
from jax import lax

x = jnp.arange(2 * 5 * 5 * 3, dtype=jnp.float32).reshape(2, 5, 5, 3) / 10
w = jnp.ones((3, 3, 3, 4), jnp.float32)
for strides in [(1, 2**63 - 1), (2**63 - 1, 2**63 - 1), (2**62, 3)]:
    y = lax.conv_general_dilated(x, w, strides, "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))
    print(y.shape, [round(v, 3) for v in jnp.ravel(y[0, :, :, 0]).tolist()])
p = lax.reduce_window(x, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2**63 - 1, 1, 1), "SAME")
print(p.shape)
