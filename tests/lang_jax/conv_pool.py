# Pooling as LeNet and flax/keras write it: lax.reduce_window sum (average pooling) and max,
# forward and gradient (the transpose of the window sum, max's select-and-scatter), eager and
# jit-ed, NHWC and NCHW windows, VALID/SAME and overlapping windows. Integer-valued data keeps
# sums exact; max ties are avoided by distinct values.
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

rs = np.random.RandomState(3)
x = jnp.asarray(rs.permutation(2 * 7 * 6 * 3).reshape(2, 7, 6, 3).astype(np.float32))

CASES = [((1, 2, 2, 1), (1, 2, 2, 1), "VALID"), ((1, 3, 3, 1), (1, 2, 2, 1), "SAME"),
         ((1, 3, 2, 1), (1, 1, 2, 1), ((0, 0), (1, 2), (0, 1), (0, 0))), ((1, 1, 2, 2), (1, 1, 2, 2), "VALID")]
for win, st, pad in CASES:
    avg = lambda x: lax.reduce_window(x, 0.0, lax.add, win, st, pad) / 4.0
    mx = lambda x: lax.reduce_window(x, -jnp.inf, lax.max, win, st, pad)
    for nm, f in (("avg", avg), ("max", mx)):
        y = f(x)
        ct = jnp.asarray(rs.randint(-2, 3, size=y.shape).astype(np.float32))
        g = jax.grad(lambda x: jnp.sum(f(x) * ct))(x)
        jg = jax.jit(jax.grad(lambda x: jnp.sum(f(x) * ct)))(x)
        print(nm, win, st, y.shape, float(jnp.sum(y)), np.asarray(y).reshape(-1)[:8].tolist())
        print("  grad", float(jnp.sum(g * g)), np.asarray(g).reshape(-1)[:12].tolist(), bool(jnp.all(jg == g)))
