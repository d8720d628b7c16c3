# jax.scipy.stats - distributions as submodules, as JAX names them.
import jax.scipy.stats.norm as norm
import jax.scipy.stats.multivariate_normal as multivariate_normal
import jax.scipy.stats.bernoulli as bernoulli
import jax.scipy.stats.poisson as poisson
import jax.scipy.stats.beta as beta
import jax.scipy.stats.gamma as gamma
import jax.scipy.stats.t as t
import jax.scipy.stats.uniform as uniform
import jax.scipy.stats.logistic as logistic
import jax.scipy.stats.expon as expon
import jax.scipy.stats.laplace as laplace
import jax.scipy.stats.cauchy as cauchy
import jax.scipy.stats.chi2 as chi2
