# A compiled jit (jit(f).lower(...).compile()) runs only on the argument types and pytree it was
# lowered for: another shape, dtype or structure raises TypeError instead of retracing; static
# arguments are not passed again; weak types do not count.
import jax
import jax.numpy as jnp


def f(x, y=1.0):
    return x * 2 + y


def show(label, thunk):
    try:
        print(label, "->", thunk())
    except TypeError as e:
        print(label, "-> TypeError:", str(e))


def show_first(label, thunk):
    try:
        print(label, "->", thunk())
    except TypeError as e:
        print(label, "-> TypeError:", str(e).split(" There are")[0])


c = jax.jit(f).lower(jnp.ones(3)).compile()
show("same", lambda: c(jnp.ones(3)))
show("longer", lambda: c(jnp.ones(4)))
show("int32", lambda: c(jnp.ones(3, jnp.int32)))
show("rank 2", lambda: c(jnp.ones((3, 1))))
show("python scalar", lambda: c(3.0))
show_first("extra argument", lambda: c(jnp.ones(3), 2.0))
show_first("list", lambda: c([1.0, 2.0, 3.0]))

c2 = jax.jit(f).lower(jnp.ones(3), 2.0).compile()
show("weak float again", lambda: c2(jnp.ones(3), 5.0))
show("strong float32 for weak", lambda: c2(jnp.ones(3), jnp.float32(5)))
show("two mismatches", lambda: c2(jnp.ones(4), 5))
c3 = jax.jit(f).lower(jnp.ones(3), jnp.float32(2)).compile()
show("weak for strong", lambda: c3(jnp.ones(3), 5.0))

g = jax.jit(lambda d: d["a"] + d["b"])
c4 = g.lower({"a": jnp.ones(2), "b": jnp.ones(2)}).compile()
show("dict", lambda: c4({"a": jnp.ones(2), "b": jnp.zeros(2)}))
show("dict leaf shape", lambda: c4({"a": jnp.ones(2), "b": jnp.zeros(3)}))
show_first("dict keys", lambda: c4({"a": jnp.ones(2), "c": jnp.zeros(2)}))

c5 = jax.jit(f).lower(jnp.ones(3), y=jnp.ones(3)).compile()
show("keyword", lambda: c5(jnp.ones(3), y=jnp.ones(3)))
show("keyword shape", lambda: c5(jnp.ones(3), y=jnp.ones(2)))
show("keyword given positionally", lambda: c5(jnp.ones(3), jnp.ones(3)))

# statics were fixed at lowering: the compiled function takes only the traced arguments
c6 = jax.jit(f, static_argnums=1).lower(jnp.ones(3), 2.0).compile()
show("static argnum", lambda: c6(jnp.ones(3)))
show_first("static argnum again", lambda: c6(jnp.ones(3), 2.0))
c7 = jax.jit(f, static_argnames="y").lower(jnp.ones(3), y=2.0).compile()
show("static argname", lambda: c7(jnp.ones(3)))
show("static argname again", lambda: c7(jnp.ones(3), y=2.0))

# lowered from abstract values
c8 = jax.jit(f).lower(jax.ShapeDtypeStruct((2, 2), jnp.float32)).compile()
show("from ShapeDtypeStruct", lambda: c8(jnp.ones((2, 2))))
show("from ShapeDtypeStruct, other shape", lambda: c8(jnp.ones((2, 3))))
