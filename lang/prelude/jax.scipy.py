# jax.scipy - the package: special functions and statistics live in submodules.
import jax.scipy.special as special
import jax.scipy.stats as stats
import jax.scipy.optimize as optimize
import jax.scipy.linalg as linalg
