# Tracer reprs as JAX 0.10 prints them: print/repr/str/f-string and type(x).__name__ inside
# jit, grad, vjp, jvp, vmap and nested combinations; dtypes, weak types, shapes.
import jax
import jax.numpy as jnp


def show(tag, x):
    print(tag, x)
    print(tag, repr(x))
    print(tag, f"{x}")
    print(tag, "{}".format(x), [x], (x,))
    print(tag, str(x))
    print(tag, type(x).__name__, isinstance(x, jax.Array))


def f(x):
    show("jit", x)
    y = x * 2
    show("jit-y", y)
    return y


jax.jit(f)(jnp.ones(3))
jax.jit(f)(1.0)
jax.grad(lambda x: (show("grad", x), jnp.sum(x * x))[1])(jnp.ones(3))
jax.grad(lambda x: (show("grad-scalar", x), x * x)[1])(1.0)
jax.grad(lambda x: (show("grad-y", x * 3), x * 3)[1])(2.0)
jax.grad(lambda x: (show("grad-2d", x), jnp.sum(x))[1])(jnp.arange(3.0).reshape(1, 3))
jax.vmap(lambda x: (show("vmap", x), x)[1])(jnp.ones((2, 3)))
jax.vmap(lambda x: (show("vmap-in1", x), x)[1], in_axes=1)(jnp.arange(6).reshape(2, 3))
jax.vmap(lambda x: (show("vmap-0d", x), x)[1])(jnp.arange(3.0))
jax.jvp(lambda x: (show("jvp", x), x)[1], (jnp.ones(3),), (jnp.ones(3),))
jax.jvp(lambda x: (show("jvp-y", x * 2.0), x)[1], (1.0,), (2.0,))
jax.vjp(lambda x: (show("vjp", x), x)[1], jnp.ones(3))
jax.jit(jax.grad(lambda x: (show("jit-grad", x), x * x)[1]))(1.0)
jax.grad(jax.jit(lambda x: (show("grad-jit", x), x * x)[1]))(1.0)
jax.vmap(jax.grad(lambda x: (show("vmap-grad", x), x * x)[1]))(jnp.ones(2))
jax.jit(jax.vmap(lambda x: (show("jit-vmap", x), x)[1]))(jnp.ones((2, 3), jnp.int32))
jax.vmap(jax.vmap(lambda x: (show("vmap-vmap", x), x)[1]))(jnp.ones((2, 3)))
jax.grad(jax.grad(lambda x: (show("grad-grad", x), x * x * x)[1]))(1.0)
jax.jit(lambda x: (show("jit-jvp", x), x)[1])(1.0)
jax.vmap(lambda x: jax.jvp(lambda y: (show("vmap-jvp", y), y)[1], (x,), (x,)))(jnp.ones(2))
jax.jvp(jax.vmap(lambda x: (show("jvp-vmap", x), x)[1]), (jnp.ones(2),), (jnp.ones(2),))
jax.jit(lambda x: (show("jit-bool", x), x)[1])(jnp.array([True, False]))
jax.jit(lambda x: (show("jit-2d", x), x)[1])(jnp.zeros((2, 3), jnp.float32))
jax.jit(lambda x: (show("jit-int", x), x)[1])(3)
jax.jit(lambda x: (show("jit-u8", x.astype(jnp.uint8)), x)[1])(1.0)
jax.jit(lambda x: (show("jit-bf16", x.astype(jnp.bfloat16)), x)[1])(1.0)
jax.grad(lambda x: (show("grad-bf16", x.astype(jnp.bfloat16)), x)[1])(1.0)
jax.vmap(lambda x: (show("vmap-f16", x), x)[1])(jnp.ones(2, jnp.float16))
