# conv_general_dilated and its two gradients at sizes that take the blocked im2col path's
# several batch blocks, split contractions (filter gradient) and strided/dilated/grouped taps
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

DN = ("NHWC", "HWIO", "NHWC")
rs = np.random.RandomState(0)


def show(a):
    # 3 significant digits: the sums run over up to 12,000 float32 terms in another order
    v = np.asarray(a).ravel()
    print(a.shape, "%.3g %.3g" % (float(jnp.sum(a)), float(jnp.sum(a * a))),
          ["%.3g" % float(t) for t in v[[0, 7, len(v) // 2, -1]]])


cases = ((16, (28, 28, 1), (5, 5, 1, 6), "SAME", (1, 1), (1, 1), 1),
         (16, (14, 14, 6), (5, 5, 6, 16), "VALID", (1, 1), (1, 1), 1),
         (4, (15, 15, 4), (3, 3, 4, 8), "SAME", (2, 2), (1, 1), 1),
         (4, (13, 11, 6), (3, 2, 2, 9), [(1, 2), (0, 1)], (2, 1), (2, 1), 3))
for B, xs, ws, pad, st, rd, G in cases:
    x = jnp.asarray(rs.randn(B, *xs).astype(np.float32))
    w = jnp.asarray(rs.randn(*ws).astype(np.float32))

    def conv(x, w):
        return lax.conv_general_dilated(x, w, st, pad, rhs_dilation=rd, dimension_numbers=DN,
                                        feature_group_count=G)

    y, f = jax.vjp(conv, x, w)
    ct = jnp.asarray(rs.randn(*y.shape).astype(np.float32))
    gx, gw = f(ct)
    for a in (y, gx, gw):
        show(a)
