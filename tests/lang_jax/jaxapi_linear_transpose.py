# jax.linear_transpose: transposes of linear functions (matmul, sums, slices, concatenation,
# broadcasting, pytrees, tuples), and the errors JAX gives for non-linear functions and
# cotangents of the wrong type or structure.
import jax, jax.numpy as jnp
A = jnp.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
f = lambda x: A @ x
ft = jax.linear_transpose(f, jnp.zeros(3))
print(ft(jnp.array([1.0, -1.0])))
print(jax.linear_transpose(lambda x: x @ A, jnp.zeros(2))(jnp.array([1.0, 0.0, -1.0])))
g = lambda x, y: 2.0 * x + jnp.sum(y) - x
gt = jax.linear_transpose(g, 1.0, jnp.zeros(4))
print(gt(3.0))
h = lambda d: {"a": d["x"] * 3.0, "b": jnp.cumsum(d["y"])}
ht = jax.linear_transpose(h, {"x": jnp.zeros(2), "y": jnp.zeros(3)})
print(ht({"a": jnp.ones(2), "b": jnp.array([1.0, 2.0, 3.0])}))
print(jax.linear_transpose(lambda x: x.T, jnp.zeros((2, 3)))(jnp.arange(6.0).reshape(3, 2)))
print(jax.linear_transpose(lambda x: x[1:3], jnp.zeros(5))(jnp.array([7.0, 8.0])))
print(jax.linear_transpose(lambda x: jnp.concatenate([x, -x]), jnp.zeros(2))(jnp.array([1.0, 2.0, 3.0, 4.0])))
print(jax.linear_transpose(lambda x: x / 4.0, jnp.zeros(2))(jnp.array([2.0, 4.0])))
print(jax.linear_transpose(lambda x: x.sum(axis=0), jnp.zeros((2, 2)))(jnp.array([1.0, 2.0])))
print(jax.linear_transpose(lambda x: jnp.broadcast_to(x, (3, 2)), jnp.zeros(2))(jnp.ones((3, 2))))
print(jax.linear_transpose(lambda x: jnp.zeros(2), jnp.zeros(3))(jnp.ones(2)))
print(jax.linear_transpose(lambda x: (x, 3 * x), 1.0)((1.0, 2.0)))
print(jax.linear_transpose(lambda x: x.reshape(2, 2)[::-1], jnp.zeros(4))(jnp.arange(4.0).reshape(2, 2)))
# the transpose of the transpose is the function again
B = jnp.array([[1.0, -2.0], [0.5, 3.0], [2.0, 1.0]])
bt = jax.linear_transpose(lambda x: B @ x, jnp.zeros(2))
btt = jax.linear_transpose(lambda c: bt(c)[0], jnp.zeros(3))
print(btt(jnp.array([1.0, 1.0]))[0], B @ jnp.array([1.0, 1.0]))
print(jax.jit(ft)(jnp.array([0.5, 2.0])))
for fun, arg in [(lambda x: x * x, 1.0), (lambda x: jnp.sin(x), 1.0), (lambda x: jnp.exp(x) * 2.0, jnp.ones(2))]:
    try:
        jax.linear_transpose(fun, arg)(arg)
    except (AssertionError, NotImplementedError) as e:
        print(type(e).__name__, str(e) if isinstance(e, NotImplementedError) else "")
try:
    jax.linear_transpose(lambda x: x * 2.0, 1.0)(jnp.ones(3))
except TypeError as e:
    print("TypeError", e)
try:
    jax.linear_transpose(lambda x: (x, x), 1.0)(1.0)
except TypeError as e:
    print("TypeError", e)
for fun, p in [(lambda x: x.astype(jnp.float32), 1), (lambda x: x.astype(jnp.int32), 1.0)]:
    try:
        jax.linear_transpose(fun, p)
    except TypeError as e:
        print("TypeError", e)
