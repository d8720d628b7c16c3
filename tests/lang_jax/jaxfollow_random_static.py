# jax.random shape / count / axis arguments are static: concrete values work under jit (marked
# static), traced ones raise JAX's TypeError; eval_shape of a sampler traces its shape too.
import jax
import jax.numpy as jnp

key = jax.random.PRNGKey(0)


def first_line(e):
    return type(e).__name__ + ": " + str(e).splitlines()[0]


def attempt(label, thunk):
    try:
        r = thunk()
        print(label, "->", r)
    except TypeError as e:
        print(label, "->", first_line(e))


attempt("eval_shape normal", lambda: jax.eval_shape(jax.random.normal, key, (3, 2)))
attempt("eval_shape uniform list", lambda: jax.eval_shape(jax.random.uniform, key, [4]))
attempt("jit normal traced shape", lambda: jax.jit(jax.random.normal)(key, (3, 2)))
attempt("jit randint traced shape", lambda: jax.jit(jax.random.randint)(key, (3,), 0, 10))
attempt("jit bernoulli traced shape", lambda: jax.jit(jax.random.bernoulli)(key, 0.5, (3,)))
attempt("jit permutation traced axis",
        lambda: jax.jit(jax.random.permutation)(key, jnp.arange(4), 0))

# static shapes work, and give the same numbers as the eager call
r = jax.jit(jax.random.normal, static_argnums=1)(key, (3, 2))
print(r.shape, r.dtype, bool(jnp.allclose(r, jax.random.normal(key, (3, 2)))))
r = jax.jit(jax.random.randint, static_argnums=(1,))(key, (5,), 0, 10)
print(r.shape, r.dtype, r.tolist() == jax.random.randint(key, (5,), 0, 10).tolist())
r = jax.jit(jax.random.uniform, static_argnames="shape")(key, shape=(2,))
print(r.shape, r.dtype)
# traced bounds are fine: only the shape is static
r = jax.jit(lambda k, lo, hi: jax.random.uniform(k, (3,), minval=lo, maxval=hi))(key, 2.0, 3.0)
print(r.shape, bool(jnp.all((r >= 2.0) & (r < 3.0))))

# shapes closed over (concrete) work under eval_shape, jit and vmap
print(jax.eval_shape(lambda k: jax.random.normal(k, (3, 2)), key))
print(jax.eval_shape(lambda k: jax.random.split(k, 4), key))
print(jax.eval_shape(jax.random.split, key))
keys = jax.random.split(key, 3)
print(jax.vmap(lambda k: jax.random.uniform(k, (2,)))(keys).shape)
print(jax.jit(lambda k: jax.random.categorical(k, jnp.zeros(5), shape=(4,)))(key).shape)
try:
    jax.eval_shape(jax.random.split, key, 3)
except TypeError as e:
    print("eval_shape split traced num -> TypeError")
try:
    jax.eval_shape(jax.random.normal, key, 3)
except TypeError as e:
    print("eval_shape normal traced int shape ->", first_line(e))
print(jax.jit(jax.random.split, static_argnums=1)(key, 3).shape)
