# jit: tracing once per key (shapes, dtypes, weak types, pytree structure, static arguments),
# print at trace time, jax.debug.print at run time, closures, jit inside grad/vmap, and
# jax.tree_util.
import jax
import jax.numpy as jnp
from jax import jit, grad, vmap
from functools import partial

traces = []


@jit
def f(x, y):
    traces.append(1)
    return x * 2 + y


print(f(jnp.ones(3), 1.0), len(traces))
print(f(jnp.zeros(3), 2.0), len(traces))
print(f(jnp.ones(4), 1.0), len(traces))
print(f(jnp.ones(3, dtype=jnp.int32), 1), len(traces))
print(f(jnp.ones(3), jnp.float32(1.0)), len(traces))


@partial(jit, static_argnames=("mode",))
def g(x, mode="double"):
    traces.append(2)
    if mode == "double":
        return x * 2
    return x * 3


n0 = len(traces)
print(g(jnp.arange(3.0)), g(jnp.arange(3.0), mode="triple"), g(jnp.arange(3.0), mode="double"), len(traces) - n0)


@jit
def h(d):
    print("tracing h with", d["a"].shape)
    jax.debug.print("a={a} b={b}", a=d["a"], b=d["b"])
    return {"s": d["a"] + d["b"], "p": d["a"] * d["b"]}


out = h({"a": jnp.arange(2.0), "b": jnp.ones(2)})
print(out["s"], out["p"])
out = h({"a": jnp.arange(2.0) + 5, "b": jnp.ones(2)})
print(out["s"])

scale = 3.0
k = jit(lambda a: a * scale)
print(k(2.0))
print(grad(jit(lambda a: jnp.sin(a) * a))(1.0))
print(vmap(jit(lambda a: a @ a))(jnp.arange(6.0).reshape(2, 3)))
print(jit(lambda a: jit(lambda b: b + 1)(a) * 2)(1.0))
print(grad(lambda a: jit(lambda b: b * a)(3.0))(2.0))

tree = {"w": [jnp.ones(2), 2.0], "b": (3.0, None)}
leaves, td = jax.tree_util.tree_flatten(tree)
print(leaves, td.num_leaves)
print(jax.tree_util.tree_unflatten(td, [10, 20, 30]))
print(jax.tree_util.tree_map(lambda a: a * 2, tree))
print(jax.tree_util.tree_map(lambda a, b: a + b, [1, (2, 3)], [10, (20, 30)]))
print(jax.tree_util.tree_leaves([1, [2, [3, None]], {"z": 4, "a": 5}]))
print(jax.tree.map(lambda a: a + 1, {"x": 1, "y": [2, 3]}))
print(jax.tree_util.tree_structure((1, {"k": [2, 3]})))
