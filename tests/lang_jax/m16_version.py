# jax.__version__ is the JAX release whose API is followed (a PEP 440 local label may follow '+'),
# and jax.__version_info__ matches it
import jax
v = jax.__version__
base = v.split('+')[0]
print(base, jax.__version_info__)
print(tuple(int(x) for x in base.split('.')) == jax.__version_info__)
