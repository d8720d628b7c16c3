# jax.numpy leftovers: float -> int casts saturate (NaN -> 0) in eager, jit, vmap and lax,
# empty diagonals and medians as JAX 0.10, float32 printing's scientific cutoff (1e6).
import jax
import jax.numpy as jnp

x = jnp.array([-2.5, 300.0, float("nan"), float("inf"), -float("inf"), 1e10, -1e10, 7.9])
for name, dt in [("uint8", jnp.uint8), ("int32", jnp.int32), ("uint32", jnp.uint32), ("bool", jnp.bool_)]:
    print(name, x.astype(dt))
    print("  jit", jax.jit(lambda v: v.astype(dt))(x))
    print("  lax", jax.lax.convert_element_type(x, dt))
print("vmap", jax.vmap(lambda v: v.astype(jnp.uint8))(x.reshape(2, 4)))
print("f16", jnp.array([-2.5, 300.0, float("nan"), 65504.0], jnp.float16).astype(jnp.uint8))
print("bf16", jnp.array([-2.5, 300.0, float("nan")], jnp.bfloat16).astype(jnp.int32))
print("i32->u8", jnp.array([-2, 300]).astype(jnp.uint8))
print("jaxpr", jax.make_jaxpr(lambda v: v.astype(jnp.uint8))(x))

print(repr(jnp.diag(jnp.zeros((0, 5)))))
print(repr(jnp.diag(jnp.zeros((5, 0)))))
print(repr(jnp.diag(jnp.zeros((3, 5)), 7)))
print(repr(jnp.diagonal(jnp.zeros((2, 0, 4)), axis1=1, axis2=2)))
print(repr(jnp.trace(jnp.zeros((0, 5)))))
for label, f in [("median 1-d", lambda: jnp.median(jnp.array([]))),
                 ("median axis0", lambda: jnp.median(jnp.zeros((0, 3)), axis=0)),
                 ("median axis1", lambda: jnp.median(jnp.zeros((0, 3)), axis=1))]:
    try:
        print(label, repr(f()))
    except Exception as e:
        print(label, type(e).__name__, str(e).splitlines()[0])

for v in [999999.0, 1e6, 1e7, 1e8]:
    print(v, jnp.array([v]), repr(jnp.array([v])), jnp.array(v), jnp.array([v, 1.5]))
print(jnp.array([1e6, 1.0], jnp.float16), jnp.array([999.0, 1.0], jnp.float16))
