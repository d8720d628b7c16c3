# Typed PRNG keys (jax.random.key): dtype key<fry>, shapes without the trailing words, repr,
# key_data / wrap_key_data, samplers on typed and legacy keys, indexing and reshaping, jit,
# vmap, tree_map, lax.scan carries, issubdtype, and the TypeError of arithmetic on keys.
import jax
import jax.numpy as jnp
from jax import random

k = random.key(1701)
print(repr(k))
print(k)
print(k.dtype, k.shape, k.ndim, k.size)
print(random.key_data(k), random.key_data(k).dtype)
print(random.key_impl(k))
ks = random.split(k, 4)
print(ks.shape, ks.dtype)
print(repr(ks))
print(ks[1])
print(repr(ks[1:3]))
print(ks[-1])
print(len(ks))
print([random.key_data(x).tolist() for x in ks])
print(ks.reshape(2, 2).shape)
print(repr(ks.reshape((2, 2))[1]))
print(jnp.concatenate([ks, ks[:1]]).shape)
print(random.key_data(jnp.concatenate([ks[:1], ks[3:]])))
print(random.split(k).shape, random.split(k, (2, 3)).shape)
print(random.fold_in(k, 3))
w = random.wrap_key_data(jnp.array([0, 42], dtype=jnp.uint32))
print(w)
print(random.key_data(random.wrap_key_data(random.key_data(ks))).shape)

# typed and legacy keys draw the same numbers
legacy = random.PRNGKey(1701)
print(repr(legacy))
print(random.normal(k, (3,)))
print(random.normal(legacy, (3,)))
print(random.uniform(k, (2,)), random.uniform(legacy, (2,)))
print(random.randint(k, (4,), 0, 10), random.bernoulli(k, 0.5, (4,)))
print(random.categorical(k, jnp.array([0.1, 1.0, 2.0]), shape=(5,)))
print(random.permutation(k, 6), random.choice(k, 10, (3,), replace=False))
print(random.key_data(random.split(legacy)) == random.key_data(random.split(k)))
print(random.split(legacy).dtype, random.split(legacy).shape)
print(random.gumbel(ks[2], (2,)), random.exponential(ks[3], (2,)))
print(random.bits(k, (2,)))

# dtypes
print(jnp.issubdtype(k.dtype, jax.dtypes.prng_key), jax.dtypes.issubdtype(k.dtype, jax.dtypes.prng_key))
print(jnp.issubdtype(jnp.float32, jax.dtypes.prng_key), jnp.issubdtype(k.dtype, jnp.floating))
print(jnp.issubdtype(legacy.dtype, jax.dtypes.prng_key), jax.dtypes.issubdtype(k.dtype, jax.dtypes.extended))
print(k.dtype == ks.dtype, str(k.dtype), repr(k.dtype), k.dtype.itemsize)

# arithmetic on keys
for f in (lambda: k + 1, lambda: 1 + k, lambda: k * k, lambda: -k, lambda: ks - ks):
    try:
        f()
    except TypeError as e:
        print("TypeError:", e)
try:
    len(k)
except TypeError as e:
    print("TypeError:", e)

# transformations
print(jax.jit(lambda key: random.split(key))(k))
print(jax.jit(lambda key: random.normal(key, (2,)))(k))
print(jax.jit(lambda key, x: (random.fold_in(key, 1), x + 1))(k, 1.0))
print(jax.vmap(lambda key: random.uniform(key))(ks))
print(jax.vmap(lambda key: random.normal(key, (2,)))(ks))
print(jax.vmap(random.split)(ks).shape)
print(jax.tree_util.tree_map(lambda x: x, {"a": k, "b": 1}))
print(len(jax.tree_util.tree_leaves({"a": k, "b": ks})))
print(jax.tree_util.tree_map(lambda x: x.shape, [k, ks]))


def step(carry, _):
    key, total = carry
    key, sub = random.split(key)
    x = random.uniform(sub)
    return (key, total + x), x


(kf, tot), xs = jax.lax.scan(step, (k, 0.0), None, length=3)
print(kf)
print(tot, xs)
print(random.key_data(kf))
