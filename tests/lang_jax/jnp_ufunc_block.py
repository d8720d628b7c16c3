# jax.numpy.ufunc: reduce/accumulate/outer, at(inplace=False), under jit; jnp.block (.out from JAX)
import jax.numpy as jnp
x = jnp.zeros(4)
try:
    jnp.add.at(x, jnp.array([0, 0, 2]), 1.0)
except NotImplementedError as e:
    print('NotImplementedError', e)
print(jnp.add.at(x, jnp.array([0, 0, 2]), 1.0, inplace=False))
print(jnp.subtract.at(x, jnp.array([0, 0, 2]), 1.0, inplace=False))
print(jnp.maximum.at(x, jnp.array([1, 1]), jnp.array([3.0, 2.0]), inplace=False))
print(jnp.add.reduce(jnp.arange(6).reshape(2, 3)), jnp.maximum.accumulate(jnp.array([1, 3, 2, 5])))
print(jnp.multiply.outer(jnp.arange(2), jnp.arange(3)), jnp.add.outer(jnp.arange(2.0), jnp.arange(2.0)))
print(repr(jnp.add), type(jnp.add), isinstance(jnp.add, jnp.ufunc))
print(jnp.add.reduce(jnp.ones((2, 3)), axis=1), jnp.add.accumulate(jnp.arange(4)), jnp.logical_or.reduce(jnp.array([False, True])))
import jax
print(jax.jit(lambda v: jnp.add.reduce(v) + jnp.multiply.outer(v, v).sum())(jnp.arange(3.0)))
print(jnp.block([[jnp.eye(2), jnp.zeros((2, 1))], [jnp.ones((1, 2)), jnp.full((1, 1), 7.0)]]))
print(jnp.block([jnp.arange(2), 5]))
