# jaxdiff: lax dtype strictness and JAX's error classes and texts
import jax, jax.numpy as jnp
from jax import lax
def t(f, dtype_only=False):
    try:
        r = f()
        print(r.dtype if dtype_only else repr(r))
    except Exception as e:
        print(type(e).__name__ + ":", e)
for n in ['add', 'sub', 'mul', 'div', 'rem', 'pow', 'max', 'min', 'eq', 'lt', 'atan2', 'nextafter',
          'bitwise_and', 'shift_left']:
    for args in [(True, True), (1, 1), (1.0, 1.0), (1, 1.0), (1.0, 1)]:
        t(lambda: getattr(lax, n)(*args), True)
t(lambda: lax.add(jnp.float32(1), 2.0))
t(lambda: lax.select(True, 1, 1.0))
t(lambda: lax.add(jnp.ones((2, 3)), jnp.ones(3)))
x = jnp.arange(5.)
t(lambda: jax.jit(lambda x: x[x > 2])(x))
t(lambda: jax.jit(lambda x, n: x[:n])(x, 3))
t(lambda: jax.jit(lambda x, n: x[1:4:n])(x, 1))
t(lambda: jnp.ones((2, 3)) + jnp.ones((4,)))
t(lambda: jnp.ones((2, 3)) - jnp.ones((3, 2)))
t(lambda: jnp.where(jnp.ones((2,)) > 0, jnp.ones((3,)), 0))
try:
    jax.jit(lambda x: x[x > 2])(x)
except IndexError as e:
    print(isinstance(e, jax.errors.NonConcreteBooleanIndexError), isinstance(e, jax.errors.JAXIndexError))
