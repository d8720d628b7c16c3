# jax.scipy.optimize.minimize in float64: BFGS and the experimental L-BFGS take JAX's iterates
# exactly (nit, nfev, njev, status, hess_inv), on Rosenbrock and a calibration fit.
import jax
jax.config.update("jax_enable_x64", True)
import numpy as np
import jax.numpy as jnp
import jax.scipy.optimize as jso

t = np.linspace(0, 100, 500)
a = np.sin(t) + 1 + 0.3 * np.cos(7.3 * t) + t / 10
b = a * (1.5 + 0.1 * np.sin(3.1 * t)) + (3 + 0.1 * np.cos(5.7 * t))
A = jnp.array(a)
B = jnp.array(b)


def rmse(x):
    return jnp.sqrt(jnp.mean((A - ((B - x[1]) / x[0])) ** 2))


def rosen(x):
    return jnp.sum(100.0 * (x[1:] - x[:-1] ** 2) ** 2 + (1 - x[:-1]) ** 2)


def show(r):
    print(np.round(np.asarray(r.x), 6), r.success, r.status, r.nit, r.nfev, r.njev,
          np.round(float(r.fun), 8))
    if r.hess_inv is not None:
        print(np.round(np.asarray(r.hess_inv), 4))


show(jso.minimize(rmse, jnp.array([1.0, 0.0]), method="BFGS"))
for x0 in ([-1.2, 1.0], [0.0, 0.0, 0.0], [2.0, -1.0, 0.5, 1.5]):
    show(jso.minimize(rosen, jnp.array(x0), method="BFGS"))
show(jso.minimize(rosen, jnp.array([-1.2, 1.0]), method="BFGS", options={"maxiter": 7}))
show(jso.minimize(rosen, jnp.array([-1.2, 1.0]), method="BFGS", options={"norm": 2, "gtol": 1e-3}))
show(jso.minimize(rmse, jnp.array([1.0, 0.0]), method="l-bfgs-experimental-do-not-rely-on-this"))
show(jso.minimize(rosen, jnp.array([0.5, 0.5, 0.5]),
                  method="l-bfgs-experimental-do-not-rely-on-this", options={"maxcor": 3}))
