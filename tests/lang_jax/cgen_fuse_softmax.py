# Softmax, log_softmax, logsumexp and softmax cross-entropy under jit, as fused loops ending in
# max and sum reductions (engine/cgen/cgen_red.c), on 1024x10 and 128x1000 logits.
import jax, jax.numpy as jnp
import numpy as np

def ce(logits, labels):
    return -jnp.mean(jnp.sum(jax.nn.log_softmax(logits, axis=-1) * labels, axis=-1))

for n, k in ((1024, 10), (128, 1000)):
    rs = np.random.RandomState(n)
    lg = rs.randn(n, k).astype(np.float32) * 3
    lab = np.eye(k, dtype=np.float32)[rs.randint(0, k, n)]
    want = -np.mean(np.sum((lg - lg.max(1, keepdims=True) - np.log(np.sum(np.exp(lg - lg.max(1, keepdims=True)), 1, keepdims=True))) * lab, 1))
    got = jax.jit(ce)(jnp.asarray(lg), jnp.asarray(lab))
    print(n, k, bool(abs(float(got) - want) < 1e-5 * abs(want)), round(float(got), 3))
    sm = jax.jit(lambda a: jax.nn.softmax(a, axis=1))(jnp.asarray(lg))
    print(bool(jnp.allclose(jnp.sum(sm, axis=1), 1.0, atol=1e-5)), sm.shape, sm.dtype)
    lse = jax.jit(lambda a: jax.scipy.special.logsumexp(a, axis=1))(jnp.asarray(lg))
    ref = np.log(np.sum(np.exp(lg.astype(np.float64)), 1))
    print(bool(np.allclose(np.asarray(lse), ref, rtol=1e-5)), lse.shape)
    g = jax.jit(jax.grad(ce))(jnp.asarray(lg), jnp.asarray(lab))
    print(bool(jnp.allclose(jnp.sum(g, axis=1), 0.0, atol=1e-6)), g.shape)
