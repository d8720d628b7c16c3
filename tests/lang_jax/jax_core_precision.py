# jax.core.Tracer for isinstance checks under jit/grad/vmap, jax.core.ShapedArray, jax.lax.Precision
# (accepted by the products and convolutions; no effect on CPU), lax.conv/batch_matmul, and
# jax.lax.linalg cholesky/eigh/qr/svd (.out from JAX)
import jax
import jax.numpy as jnp
import numpy as np


def probe(x):
    print('tracer?', isinstance(x, jax.core.Tracer))
    return x * 2


print(isinstance(jnp.ones(2), jax.core.Tracer), isinstance(3.0, jax.core.Tracer))
jax.jit(probe)(jnp.ones(3))
jax.grad(lambda x: probe(x).sum())(jnp.ones(2))
jax.vmap(probe)(jnp.ones((2, 2)))
probe(jnp.ones(1))

from jax.core import ShapedArray
a = ShapedArray((3, 4), jnp.float32)
print(a, repr(a), a.shape, a.dtype, a.ndim, a.size, a.weak_type, a.str_short(short_dtypes=True))
w = ShapedArray((), jnp.int32, weak_type=True)
print(w, repr(w), a == ShapedArray((3, 4), jnp.float32), a == w, hash(a) == hash(ShapedArray((3, 4), 'float32')))
print(isinstance(a, jax.core.AbstractValue), a.update(shape=(2,)))

P = jax.lax.Precision
print(list(P), P.HIGHEST, repr(P.HIGH), P('highest'), P('float32'), P('tensorfloat32'), P('fastest'), P(None), P(2))
print(P.DEFAULT.name, P.HIGH.value, P['HIGHEST'] is P.HIGHEST)
try:
    P('bogus')
except ValueError as e:
    print('ValueError', e)

A = jnp.arange(6.0).reshape(2, 3)
B = jnp.arange(12.0).reshape(3, 4)
for prec in [None, 'highest', P.HIGH, (P.HIGHEST, P.HIGHEST), 'default']:
    print(jnp.matmul(A, B, precision=prec)[0], jnp.dot(A, B, precision=prec)[1, 1],
          jnp.einsum('ij,jk->ik', A, B, precision=prec)[1, 3], jax.lax.dot(A, B, precision=prec)[0, 0])
print(jnp.tensordot(A, B, axes=1, precision='highest').shape, jnp.inner(A, A, precision='highest'),
      jnp.vdot(A, A, precision='highest'), jnp.convolve(jnp.arange(4.0), jnp.ones(2), precision='highest'))
print(jnp.matmul(A, B, preferred_element_type=jnp.float32).dtype, jnp.dot(jnp.ones((2, 2), dtype=jnp.int32), jnp.ones((2, 2), dtype=jnp.int32), preferred_element_type=jnp.float32))
x = jnp.arange(16.0).reshape(1, 1, 4, 4)
k = jnp.ones((1, 1, 2, 2))
print(jax.lax.conv(x, k, (1, 1), 'VALID', precision=P.HIGHEST)[0, 0])
print(jax.lax.conv(x, k, (2, 2), 'SAME')[0, 0])
print(jax.lax.conv_general_dilated(x, k, (1, 1), 'VALID', precision='highest').shape)
print(jax.lax.batch_matmul(jnp.ones((2, 2, 3)), jnp.ones((2, 3, 2)), precision='highest'))
for bad in [lambda: jax.lax.batch_matmul(jnp.ones(3), jnp.ones((3, 3))), lambda: jax.lax.batch_matmul(jnp.ones((2, 2, 2)), jnp.ones((2, 2)))]:
    try:
        bad()
    except ValueError as e:
        print('ValueError', e)

M = jnp.array([[4.0, 2.0, 0.6], [2.0, 5.0, 1.0], [0.6, 1.0, 3.0]])
L = jax.lax.linalg.cholesky(M)
print(np.round(np.asarray(L), 4), np.allclose(L @ L.T, M, atol=1e-5))
v, ev = jax.lax.linalg.eigh(M)
print(np.round(np.asarray(ev), 4), v.shape, np.allclose((v * ev) @ v.T, M, atol=1e-4))
R = jnp.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
q, r = jax.lax.linalg.qr(R)
print(q.shape, r.shape, np.allclose(q @ r, R, atol=1e-5), np.round(np.abs(np.asarray(r)), 4))
q2, r2 = jax.lax.linalg.qr(R, full_matrices=False)
print(q2.shape, r2.shape)
u, s, vh = jax.lax.linalg.svd(R)
print(u.shape, np.round(np.asarray(s), 4), vh.shape, jax.lax.linalg.svd(R, compute_uv=False).shape)
u2, s2, vh2 = jax.lax.linalg.svd(R, full_matrices=False)
print(u2.shape, np.allclose((u2 * s2) @ vh2, R, atol=1e-5))
