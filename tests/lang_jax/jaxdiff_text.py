# jaxdiff: format() of arrays as JAX (0-d through the Python scalar), debug.print
import jax, jax.numpy as jnp
x = jnp.float32(0.7256666421890259) * jnp.ones(())
i = jnp.int32(7) * jnp.ones((), jnp.int32)
print("{}".format(x)); print(f"{x}"); print(f"{x:.3f}"); print(str(x)); print(repr(x))
for spec in ["", ".3f", "8.2f", "e", "g", ">10"]:
    for v in [x, i]:
        print(repr(spec), format(v, spec))
for v in [jnp.arange(3.), jnp.ones((2, 2)), jnp.ones((1,))]:
    for spec in ["", ".3f"]:
        try:
            print(repr(spec), format(v, spec))
        except TypeError as e:
            print("TypeError", e)
jax.debug.print("{}", x)
jax.debug.print("{:.2f} {}", x, jnp.arange(2.))
jax.jit(lambda x: jax.debug.print("in jit {}", x))(x)
print(type(x).__name__, isinstance(x, jax.Array))
