# jax.scipy.stats - distributions as submodules (norm).
import jax.scipy.stats.norm as norm
