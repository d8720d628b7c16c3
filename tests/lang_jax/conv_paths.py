# conv_general_dilated forward and both gradients (jax.grad w.r.t. input and filter), eager and
# jit-ed, over NHWC/NCHW, strides, padding, lhs/rhs dilation (the transposed convolution), feature
# groups, 1x1 kernels and batch 1. Integer-valued float32 data keeps every sum exact, so the
# GEMM, col2im and oneDNN paths all print the same numbers as XLA.
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

rs = np.random.RandomState(7)


def ints(shape):
    return jnp.asarray(rs.randint(-3, 4, size=shape).astype(np.float32))


CASES = [
    ("lenet1", (2, 8, 8, 1), (5, 5, 1, 3), (1, 1), "SAME", (1, 1), (1, 1), 1, ("NHWC", "HWIO", "NHWC")),
    ("lenet2", (2, 7, 7, 3), (3, 3, 3, 4), (1, 1), "VALID", (1, 1), (1, 1), 1, ("NHWC", "HWIO", "NHWC")),
    ("strided", (2, 9, 9, 2), (3, 3, 2, 4), (2, 2), "SAME", (1, 1), (1, 1), 1, ("NHWC", "HWIO", "NHWC")),
    ("nchw", (2, 6, 7, 3), (4, 3, 3, 2), (1, 2), ((1, 1), (0, 2)), (1, 1), (1, 1), 1, ("NCHW", "OIHW", "NCHW")),
    ("rhs_dil", (1, 10, 10, 2), (3, 3, 2, 2), (1, 1), "VALID", (1, 1), (2, 2), 1, ("NHWC", "HWIO", "NHWC")),
    ("transpose", (2, 4, 4, 3), (3, 3, 3, 2), (1, 1), ((2, 2), (2, 2)), (2, 2), (1, 1), 1, ("NHWC", "HWIO", "NHWC")),
    ("groups", (2, 6, 6, 4), (3, 3, 2, 6), (1, 1), "SAME", (1, 1), (1, 1), 2, ("NHWC", "HWIO", "NHWC")),
    ("depthwise", (1, 5, 5, 3), (3, 3, 1, 3), (1, 1), "SAME", (1, 1), (1, 1), 3, ("NCHW", "HWIO", "NHWC")),
    ("one_by_one", (3, 4, 4, 5), (1, 1, 5, 2), (1, 1), "VALID", (1, 1), (1, 1), 1, ("NHWC", "HWIO", "NHWC")),
    ("conv1d", (2, 9, 2), (3, 2, 3), (2,), ((1, 1),), (1,), (1,), 1, ("NWC", "WIO", "NWC")),
]

for name, xs, ws, st, pad, ld, rd, G, dn in CASES:
    if dn[0] == "NCHW":
        xs = (xs[0], xs[3], xs[1], xs[2])
    x = ints(xs)
    w = ints(ws)

    def f(x, w, st=st, pad=pad, ld=ld, rd=rd, G=G, dn=dn):
        return lax.conv_general_dilated(x, w, st, pad, lhs_dilation=ld, rhs_dilation=rd,
                                        dimension_numbers=dn, feature_group_count=G)
    y = f(x, w)
    ct = ints(y.shape)
    loss = lambda x, w: jnp.sum(f(x, w) * ct)
    gx, gw = jax.grad(loss, argnums=(0, 1))(x, w)
    jgx, jgw = jax.jit(jax.grad(loss, argnums=(0, 1)))(x, w)
    print(name, y.shape, gx.shape, gw.shape)
    print(" y", np.asarray(y).reshape(-1)[:12].tolist(), float(jnp.sum(y)), float(jnp.sum(y * y)))
    print(" gx", np.asarray(gx).reshape(-1)[:12].tolist(), float(jnp.sum(gx * gx)))
    print(" gw", np.asarray(gw).reshape(-1)[:12].tolist(), float(jnp.sum(gw * gw)))
    print(" jit equal", bool(jnp.all(jgx == gx)), bool(jnp.all(jgw == gw)))
