# jax.scipy.special against JAX on grids with edge values (0, negatives, integers, inf, nan),
# in float32, and their gradients against jax.grad; values rounded to 5 significant digits.
import numpy as np
import jax
import jax.numpy as jnp
import jax.scipy.special as sp


def show(name, v):
    v = np.asarray(v, dtype=np.float64)
    print(name, v.shape, " ".join("%.5g" % t for t in v.ravel().tolist()))


xs = jnp.array([-3.5, -2.0, -1.5, -1.0, -0.5, 0.0, 0.25, 0.5, 1.0, 1.5, 2.0, 3.0, 7.5, 9.0, 6.0])
ps = jnp.array([0.0, 1e-6, 0.01, 0.1, 0.25, 0.5, 0.75, 0.9, 0.99, 1.0])
pos = jnp.array([0.1, 0.5, 1.0, 2.5, 4.0, 9.0, 20.0])
for name in ["erf", "erfc", "gamma", "gammasgn", "expit", "ndtr", "log_ndtr", "i0e", "i1e", "i0",
             "i1", "entr"]:
    show(name, getattr(sp, name)(xs))
show("gammaln", sp.gammaln(jnp.array([-3.5, -2.0, -1.5, -0.5, 0.0, 0.25, 0.5, 1.5, 2.0, 3.0, 7.5, 20.0])))
show("log_ndtr_tail", sp.log_ndtr(jnp.array([-40.0, -15.0, -11.0, -9.0, 4.0, 6.0, 12.0])))
show("digamma", sp.digamma(jnp.array([-2.5, -0.5, 0.1, 0.5, 1.0, 2.0, 3.7, 10.0, 100.0])))
show("digamma_poles", sp.digamma(jnp.array([-2.0, 0.0])))
for name in ["erfinv", "ndtri", "logit"]:
    show(name, getattr(sp, name)(ps * 2 - 1 if name == "erfinv" else ps))
show("xlogy", sp.xlogy(jnp.array([0.0, 0.0, 1.0, 2.0, -1.0]), jnp.array([0.0, 2.0, 3.0, 0.5, 2.0])))
show("xlog1py", sp.xlog1py(jnp.array([0.0, 0.0, 1.0, 2.0]), jnp.array([-1.0, 2.0, 3.0, -0.5])))
show("betaln", sp.betaln(jnp.array([0.5, 1.0, 2.0, 3.0, 10.0, 0.1]), jnp.array([0.5, 2.0, 9.0, 30.0, 100.0, 1e4])))
show("beta", sp.beta(jnp.array([0.5, 1.0, 2.0, 3.0]), jnp.array([0.5, 2.0, 9.0, 4.0])))
show("multigammaln", sp.multigammaln(jnp.array([2.0, 3.5, 10.0]), 3))
show("gammainc", sp.gammainc(jnp.array([0.5, 1.0, 2.0, 5.0, 10.0, 3.0, 0.0, 1.0]), jnp.array([0.3, 1.0, 5.0, 2.0, 12.0, 0.0, 1.0, jnp.inf])))
show("gammaincc", sp.gammaincc(jnp.array([0.5, 1.0, 2.0, 5.0, 10.0, 3.0]), jnp.array([0.3, 1.0, 5.0, 2.0, 12.0, 0.0])))
show("betainc", sp.betainc(jnp.array([0.5, 1.0, 2.0, 5.0, 10.0, 2.0, 2.0]), jnp.array([0.5, 3.0, 2.0, 1.0, 20.0, 3.0, 3.0]), jnp.array([0.3, 0.1, 0.5, 0.9, 0.4, 0.0, 1.0])))
show("kl_div", sp.kl_div(jnp.array([0.0, 0.5, 1.0, 2.0]), jnp.array([0.5, 0.5, 2.0, 1.0])))
show("rel_entr", sp.rel_entr(jnp.array([0.0, 0.5, 1.0, 2.0]), jnp.array([0.5, 0.5, 2.0, 1.0])))

a = jnp.array([[1.0, 2.0, 3.0], [-1.0, 0.5, 1000.0]])
show("lse", sp.logsumexp(a))
show("lse0", sp.logsumexp(a, axis=0))
show("lse1k", sp.logsumexp(a, axis=1, keepdims=True))
show("lse_b", sp.logsumexp(a, axis=1, b=jnp.array([1.0, -0.5, 2.0])))
r, s = sp.logsumexp(a, axis=1, b=jnp.array([[1.0, -5.0, 0.1], [1.0, 1.0, -1.0]]), return_sign=True)
show("lse_sign", r)
show("lse_sign_s", s)
show("lse_inf", sp.logsumexp(jnp.array([-jnp.inf, -jnp.inf])))
show("softmax", sp.softmax(a))
show("softmax0", sp.softmax(a, axis=0))
show("log_softmax", sp.log_softmax(a, axis=1))

# gradients against jax.grad
gx = jnp.array([-2.5, -0.7, 0.3, 1.0, 2.2, 6.0, 12.0])
for name in ["erf", "erfc", "gammaln", "digamma", "expit", "ndtr", "log_ndtr", "i0e", "i1e", "gamma"]:
    f = getattr(sp, name)
    show("grad_" + name, jax.vmap(jax.grad(lambda v: f(v)))(gx))
pp = jnp.array([0.01, 0.2, 0.5, 0.8, 0.99])
for name in ["erfinv", "ndtri", "logit", "entr"]:
    f = getattr(sp, name)
    show("grad_" + name, jax.vmap(jax.grad(lambda v: f(v)))(pp))
show("grad_entr0", jax.grad(sp.entr)(0.0))
show("grad_xlogy", jax.vmap(jax.grad(sp.xlogy, argnums=(0, 1)))(jnp.array([0.0, 1.0, 2.0]), jnp.array([1.0, 3.0, 0.5])))
show("grad_xlog1py", jax.vmap(jax.grad(sp.xlog1py, argnums=(0, 1)))(jnp.array([0.0, 1.0, 2.0]), jnp.array([1.0, 3.0, 0.5])))
show("grad_betaln", jax.vmap(jax.grad(sp.betaln, argnums=(0, 1)))(jnp.array([0.5, 2.0, 3.0]), jnp.array([1.5, 9.0, 30.0])))
show("grad_gammainc_x", jax.vmap(jax.grad(sp.gammainc, argnums=1))(jnp.array([0.5, 2.0, 5.0]), jnp.array([0.3, 5.0, 2.5])))
show("grad_betainc_x", jax.vmap(jax.grad(sp.betainc, argnums=2))(jnp.array([0.5, 2.0, 5.0]), jnp.array([0.5, 2.0, 1.0]), jnp.array([0.3, 0.5, 0.9])))
show("grad_lse", jax.grad(lambda v: sp.logsumexp(v, b=jnp.array([1.0, 2.0, 0.5])))(jnp.array([1.0, 2.0, 3.0])))
show("grad_multigammaln", jax.grad(lambda v: sp.multigammaln(v, 3))(4.0))
show("hess_gammaln", jax.grad(jax.grad(sp.gammaln))(2.5))
show("jit", jax.jit(lambda v: sp.gammainc(2.0, v) + sp.ndtri(sp.ndtr(v)) + sp.i0e(v))(jnp.array([0.5, 3.0])))
ga = jnp.array([0.5, 1.0, 2.0, 5.0, 10.0, 3.0, 0.7])
gx = jnp.array([0.3, 1.0, 5.0, 2.0, 12.0, 0.5, 4.0])
for name in ["gammainc", "gammaincc"]:
    da, dx = jax.vmap(jax.grad(getattr(sp, name), argnums=(0, 1)))(ga, gx)
    print("grad_a_" + name, " ".join("%.4g" % t for t in np.asarray(da).tolist()))
    print("grad_x_" + name, " ".join("%.4g" % t for t in np.asarray(dx).tolist()))
