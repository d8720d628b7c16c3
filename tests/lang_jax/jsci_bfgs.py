# jax.scipy.optimize.minimize(method="BFGS") on the capability analysis's sensor calibration
# (seed 004, deterministic data instead of random noise): float32, values rounded.
import numpy as np
import jax
import jax.numpy as jnp
import jax.scipy.optimize

t = np.linspace(0, 100, 2000)
a = np.sin(t) + 1 + 0.3 * np.cos(7.3 * t) + t / 10
b = a * (1.5 + 0.1 * np.sin(3.1 * t)) + (3 + 0.1 * np.cos(5.7 * t))
A = jnp.array(a)
B = jnp.array(b)


@jax.jit
def rmse_with_calibration(x):
    return jnp.sqrt(jnp.mean(jnp.power(A - ((B - x[1]) / x[0]), 2)))


def rnd(d):
    return lambda v: jnp.round(v, d) if jnp.issubdtype(v.dtype, jnp.floating) else v


for i in range(2):
    rmse_with_calibration(jnp.array([1.0, 2.0]))
print("changing input shape for jitted function")
print(rmse_with_calibration(jnp.array([1.0, 2.0, 3.0])).round(4))

initial_guess = jnp.array([1.0, 0.0])
r = jax.scipy.optimize.minimize(rmse_with_calibration, x0=initial_guess, tol=0.0001,
                                method="BFGS")
print("optimization_result:", jax.tree_util.tree_map(rnd(2), r)._replace(hess_inv=r.hess_inv.round(1)))
print(type(r).__name__, r._fields)
print(r.x.round(4), r.fun.round(5), r.nit, r.nfev, r.njev, r.status, r.success)
print(float(jnp.max(jnp.abs(r.jac))) < 1e-5)


def quad(x, c):
    return jnp.sum((x - c) ** 4) + 0.5 * jnp.sum(x * x)


r = jax.scipy.optimize.minimize(quad, jnp.array([1.0, 2.0]), args=(jnp.array([0.5, -0.5]),),
                                method="BFGS", options={"maxiter": 5})
print(jax.tree_util.tree_map(rnd(3), r))
r = jax.scipy.optimize.minimize(quad, jnp.array([1.0, 2.0, -1.0]),
                                args=(jnp.array([0.5, -0.5, 0.25]),), method="bfgs",
                                options={"gtol": 1e-3, "line_search_maxiter": 20})
print(r.x.round(3), r.nit, r.status, r.success)

f = jax.jit(lambda x0: jax.scipy.optimize.minimize(quad, x0, args=(jnp.array([0.5, -0.5]),),
                                                    method="BFGS").x)
print(f(jnp.array([1.0, 2.0])).round(4))
try:
    jax.scipy.optimize.minimize(quad, initial_guess, args=[1.0], method="BFGS")
except TypeError as e:
    print("TypeError", e)
try:
    jax.scipy.optimize.minimize(quad, initial_guess, method="Powell")
except ValueError as e:
    print("ValueError", e)
