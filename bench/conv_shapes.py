# Convolution shapes beyond LeNet for choosing a kernel path (by hand, never in the tests): run
# under Sable with SABLE_CONV=im2col|col2im|dnnl|auto (or under real JAX for reference); forward
# and the two gradients, jit-ed, float32. Prints `name best_ms median_ms` lines.
# Usage: sable bench/conv_shapes.py [filter-substring [tags]]   (tags: e.g. fwd,grad_x)
import sys
import time
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

flt = sys.argv[1] if len(sys.argv) > 1 else ""
tags = sys.argv[2].split(",") if len(sys.argv) > 2 else ["fwd", "grad_x", "grad_w"]


def timeit(f, n=1, reps=3):
    f()
    ts = []
    for r in range(reps):
        t0 = time.perf_counter()
        for i in range(n):
            f()
        ts.append((time.perf_counter() - t0) / n * 1e3)
    ts.sort()
    return ts[0], ts[len(ts) // 2]


# name, x shape (NHWC), kernel (H, W, I, O), strides, padding, groups
SHAPES = [("res3x3_64", (8, 56, 56, 64), (3, 3, 64, 64), (1, 1), "SAME", 1),
          ("res1x1_64to256", (8, 56, 56, 64), (1, 1, 64, 256), (1, 1), "VALID", 1),
          ("strided3x3_s2", (8, 56, 56, 64), (3, 3, 64, 128), (2, 2), "SAME", 1),
          ("depthwise3x3", (8, 56, 56, 64), (3, 3, 1, 64), (1, 1), "SAME", 64),
          ("grouped3x3_g4", (8, 28, 28, 64), (3, 3, 16, 64), (1, 1), "SAME", 4),
          ("lenet2_b256", (256, 14, 14, 6), (5, 5, 6, 16), (1, 1), "VALID", 1)]
rs = np.random.RandomState(0)
for lay in ("NHWC", "NCHW"):
    dn = (lay, "HWIO", lay)
    for name, xs, ws, st, pad, G in SHAPES:
        key = "%s_%s" % (name, lay)
        if flt not in key:
            continue
        if lay == "NCHW":
            xs = (xs[0], xs[3], xs[1], xs[2])
        x = jnp.asarray(rs.randn(*xs).astype(np.float32))
        w = jnp.asarray((rs.randn(*ws) * 0.1).astype(np.float32))

        def conv(x, w, st=st, pad=pad, dn=dn, G=G):
            return lax.conv_general_dilated(x, w, st, pad, dimension_numbers=dn, feature_group_count=G)
        fwd = jax.jit(conv)
        y = fwd(x, w)
        ct = jnp.asarray(rs.randn(*y.shape).astype(np.float32))
        gx = jax.jit(lambda x, w: jax.vjp(lambda a: conv(a, w), x)[1](ct)[0])
        gw = jax.jit(lambda x, w: jax.vjp(lambda b: conv(x, b), w)[1](ct)[0])
        for tag, f in (("fwd", fwd), ("grad_x", gx), ("grad_w", gw)):
            if tag not in tags:
                continue
            b, m = timeit(lambda: f(x, w).block_until_ready())
            print("%s_%s" % (key, tag), round(b, 3), round(m, 3), flush=True)
