# print() of a tracer runs at trace time only (once per new shape), jax.debug.print at run time
# with the values, under jit, grad and vmap.
import jax
import jax.numpy as jnp


def f(x):
    print("x", x)
    jax.debug.print("debug x={x}", x=x)
    y = x * 2
    print("y", y)
    jax.debug.print("debug y={}", y)
    return y


g = jax.jit(f)
print(g(jnp.arange(3.0)))
print(g(jnp.arange(3.0) + 1))
print(g(jnp.arange(4.0)))
h = jax.jit(lambda x: (jax.debug.print("scalar {} {}", x, x + 1), x)[1])
print(h(2.0))
print(h(5.0))
print(jax.grad(lambda x: (jax.debug.print("in grad {}", x), x * x)[1])(3.0))
print(jax.vmap(lambda x: (jax.debug.print("in vmap {}", x), x)[1])(jnp.arange(2.0)))
print(type(jax.jit(lambda x: x)(1.0)).__name__ in ("ArrayImpl", "Array"))
