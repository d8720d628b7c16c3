# jaxdiff: jnp.arange / jnp.linspace values bit for bit as JAX's
import jax, jax.numpy as jnp, numpy as np, math
print(jnp.arange(-3, 3, .005)[600])
print(np.asarray(jnp.arange(-3, 3, .005)[590:610]).tolist())
for a in [(0, 1, 0.1), (1.5, 7.3, 0.37), (10, -3, -0.7), (0, 5, 0.5)]:
    print(np.asarray(jnp.arange(*a)).tolist())
print(np.asarray(jnp.linspace(0, 1, 7)).tolist())
print(np.asarray(jnp.linspace(-3.3, 7.1, 13)).tolist())
for s, e, n, ep in [(2, -4, 19, False), (-1.25, 9.5, 50, True), (0.1, 0.7, 34, True), (3, 8, 40, False)]:
    print(np.asarray(jnp.linspace(s, e, n, endpoint=ep)).tolist())
@jax.jit
def f(x):
    return x * np.prod(x.shape) + np.sum(x.shape) + math.prod(x.shape) + np.sqrt(x.shape[0])
print(f(jnp.ones((2, 3))))
