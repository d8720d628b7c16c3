# scipy.optimize.minimize(method="L-BFGS-B") against SciPy 1.17. Unconstrained problems take
# SciPy's iterates (nit, nfev, hess_inv); with active bounds the solution is compared (the
# Cauchy-point/subspace steps are a NumPy re-implementation, see the module header).
import numpy as np
from scipy.optimize import minimize, rosen, rosen_der


def tidy(r):
    r.fun = round(float(r.fun), 10)
    r.jac = np.round(r.jac, 6) + 0.0
    return r


print(tidy(minimize(rosen, [-1.2, 1.0], method="L-BFGS-B", jac=rosen_der)))
r = minimize(rosen, [-1.2, 1.0], method="L-BFGS-B", jac=rosen_der)
print(type(r.hess_inv).__name__, r.hess_inv.shape, np.round(r.hess_inv.todense(), 4))
print(np.round(r.hess_inv.dot(np.array([1.0, 0.0])), 4))
r = minimize(rosen, [0.0, 0.0, 0.0, 0.0], method="L-BFGS-B")
print(r.x.round(5), r.nit, r.nfev, r.njev, r.message)
r = minimize(rosen, [1.3, 0.7, 0.8, 1.9, 1.2], method="L-BFGS-B", jac=rosen_der,
             options={"maxcor": 5, "gtol": 1e-8, "ftol": 1e-12})
print(r.x.round(6), r.nit, r.nfev, r.status, r.success)
r = minimize(rosen, [-1.2, 1.0], method="L-BFGS-B", jac=rosen_der, options={"maxiter": 5})
print(r.x.round(6), r.nit, r.status, r.success, r.message)
r = minimize(lambda x: np.sum((x - np.array([1.0, -2.0, 3.0])) ** 2), [0.0, 0.0, 0.0],
             method="L-BFGS-B", bounds=[(0, 2), (-1, 1), (None, None)])
print(r.x.round(5), round(r.fun, 8), r.message, r.success)
r = minimize(lambda x: (x[0] - 3) ** 2 + (x[1] + 1) ** 4 + x[0] * x[1], [0.5, 0.5],
             method="L-BFGS-B", bounds=[(0, 1), (0, 1)])
print(r.x.round(5), round(r.fun, 8), r.success)
r = minimize(rosen, [2.0, 2.0], bounds=[(1.5, 3.0), (1.5, 3.0)], jac=rosen_der)
print(r.x.round(5), round(r.fun, 8), r.success)
