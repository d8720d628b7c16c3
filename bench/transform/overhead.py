# Sable side of bench/transform_bench.py: the overhead of a cached jit call with a few array
# arguments, an eager call for comparison, and grad of sum(tanh(x)**2) at 1,000 elements
# (eager, and under jit). Prints `name microseconds` lines.
import time
import jax
import jax.numpy as jnp
from jax import jit, grad


def timeit(f, n):
    f()
    best = 1e9
    for rep in range(5):
        t0 = time.perf_counter()
        for i in range(n):
            f()
        best = min(best, (time.perf_counter() - t0) / n)
    return best * 1e6


x = jnp.ones(3)
y = jnp.ones(3)
z = jnp.ones(3)


@jit
def ident(a, b, c):
    return a


@jit
def two_ops(a, b, c):
    return a + b * c


@jit
def tree_args(p, a):
    return p["w"] * a + p["b"]


p = {"w": jnp.ones(3), "b": jnp.zeros(3)}
print("jit_identity_3args", timeit(lambda: ident(x, y, z), 20000))
print("jit_two_ops_3args", timeit(lambda: two_ops(x, y, z), 20000))
print("jit_dict_args", timeit(lambda: tree_args(p, x), 20000))
print("eager_two_ops", timeit(lambda: x + y * z, 20000))


def loss(v):
    return jnp.sum(jnp.tanh(v) ** 2)


g = grad(loss)
jg = jit(grad(loss))
v = jnp.linspace(-1.0, 1.0, 1000)
print("grad_tanh_sq_1000", timeit(lambda: g(v), 3000))
print("jit_grad_tanh_sq_1000", timeit(lambda: jg(v), 3000))
