# The course slides' JAX examples: grad, higher derivatives, jit with static arguments, vmap,
# swish and its derivatives. Expected output: JAX itself (tests/suites/lang_jax.py --regen).
import jax
import jax.numpy as jnp
from jax import grad, jit, vmap
from functools import partial

print(grad(jnp.exp)(1.0))
print(grad(jnp.sin)(0.0), grad(jnp.cos)(0.0))


def test_fun(x):
    return 2.0 * x ** 3 + 3.0 * x ** 2 - 12.0 * x + 1.0


d1 = grad(test_fun)
d2 = grad(grad(test_fun))
d3 = grad(grad(grad(test_fun)))
for x in [-2.0, 0.0, 1.0, 2.5]:
    print(x, test_fun(x), d1(x), d2(x), d3(x))


def f(x, y):
    if x < 3:
        return 3.0 * x ** 2
    else:
        return -4 * y


fjit = jit(f)
try:
    fjit(5, 5)
except jax.errors.ConcretizationTypeError as e:
    print("concretization error:", type(e).__name__)
fjit_static = jit(f, static_argnums=(0,))
print(fjit_static(5, 5))
print(fjit_static(2, 5))


@partial(jit, static_argnums=(1,))
def power_sum(x, n):
    total = 0.0
    for i in range(n):
        total = total + x ** i
    return total


print(power_sum(2.0, 4), power_sum(3.0, 3))


def g(x):
    return jnp.dot(x, x) + jnp.sum(x)


xs = jnp.arange(12.0).reshape(4, 3)
print(vmap(g)(xs))
print(vmap(grad(g))(xs))


def swish(x):
    return x / (1.0 + jnp.exp(-x))


pts = jnp.array([-2.0, -1.0, 0.0, 0.5, 1.0, 3.0])
print(jnp.round(vmap(swish)(pts), 5))
print(jnp.round(vmap(grad(swish))(pts), 5))
print(jnp.round(vmap(grad(grad(swish)))(pts), 5))
print(jnp.round(vmap(grad(grad(grad(swish))))(pts), 5))
print(jnp.round(jit(vmap(grad(swish)))(pts), 5))
