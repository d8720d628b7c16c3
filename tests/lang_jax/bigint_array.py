import jax.numpy as jnp
for v in [2**70, -2**70, 2**63, -2**63 - 1, 2**40, [1, 2**64], (2**70,), [[2**100]]]:
    try:
        print(jnp.array(v))
    except OverflowError as e:
        print("OverflowError", e)
try:
    print(jnp.asarray(3**50))
except OverflowError as e:
    print("OverflowError", e)
print(jnp.array(2**31 - 1), jnp.array(-2**31))
