# Max/min pooling derivatives: reduce_window_max/min differentiate through select_and_gather_add
# (forward mode) and select_and_scatter_add (reverse mode), each window's FIRST extreme element
# getting the whole derivative, as XLA chooses it (ties, NaN, padding, strides, batching, 2nd order)
import numpy as np
import jax, jax.numpy as jnp
from jax import lax

def pool(x, op=lax.max, init=-jnp.inf, win=(2, 2), st=(2, 2), pad='VALID'):
    return lax.reduce_window(x, init, op, win, st, pad)

x = jnp.array([[1., 1., 0., 2.], [3., 3., 2., 2.], [5., -1., 5., 0.]])
print(jax.grad(lambda x: jnp.sum(pool(x, win=(1, 2), st=(1, 2))))(x))
print(jax.grad(lambda x: jnp.sum(pool(x, win=(2, 2), st=(1, 1))))(x))
print(jax.grad(lambda x: jnp.sum(pool(x, lax.min, jnp.inf, (1, 3), (1, 1), 'SAME')))(x))
print(jax.grad(lambda x: jnp.sum(pool(x, win=(3, 3), st=(2, 2), pad='SAME') ** 2))(x))
# forward mode and its agreement with reverse mode
t = jnp.arange(12.0).reshape(3, 4)
y, ty = jax.jvp(lambda x: pool(x, win=(2, 2), st=(1, 1)), (x,), (t,))
print(y, ty)
# NaN in a window: the element after it is chosen
xn = jnp.array([[jnp.nan, 1., 2., 0.], [0., 4., jnp.nan, 7.]])
print(jax.grad(lambda x: jnp.sum(jnp.nan_to_num(pool(x, win=(1, 2), st=(1, 2)))))(xn))
print(jax.grad(lambda x: jnp.sum(jnp.nan_to_num(pool(x, win=(2, 2), st=(1, 1)))))(xn))
# random NHWC pooling as flax/keras use it, float32 and float64, with vmap
rs = np.random.RandomState(0)
a = jnp.asarray(rs.randint(0, 4, (2, 7, 6, 3)).astype(np.float32))   # many ties
g = jax.grad(lambda a: jnp.sum(pool(a, win=(1, 3, 3, 1), st=(1, 2, 2, 1), pad='SAME') * jnp.arange(3.0)))(a)
print(g.dtype, g.shape, float(g.sum()), np.asarray(g)[0, :, :, 1])
vg = jax.vmap(jax.grad(lambda a: jnp.sum(pool(a, win=(2, 2, 1), st=(2, 2, 1)) ** 2)))(a)
print(vg.shape, np.asarray(vg)[1, :, :, 2])
jg = jax.jit(jax.grad(lambda a: jnp.sum(pool(a, lax.min, jnp.inf, (1, 2, 2, 1), (1, 2, 2, 1)))))(a)
print(np.asarray(jg)[1, :, :, 0])
b = rs.randn(3, 5, 5).astype(np.float32)
h = jax.hessian(lambda b: jnp.sum(pool(b, win=(1, 2, 2), st=(1, 1, 1)) ** 3))(jnp.asarray(b))
print(h.shape, float(jnp.abs(h).sum().round(3)))
# linearize, and the Jacobians both ways
f = lambda x: pool(x, win=(2, 2), st=(1, 1))
_, lin = jax.linearize(f, x)
print(lin(t))
print(jax.jacrev(lambda v: pool(v, win=(2,), st=(1,)))(jnp.array([1., 3., 3., 2.])))
print(jax.jacfwd(lambda v: pool(v, win=(2,), st=(1,)))(jnp.array([1., 3., 3., 2.])))
