# scipy.optimize.minimize against SciPy 1.17: BFGS (finite differences, jac callable, jac=True),
# CG, Nelder-Mead; OptimizeResult's repr and the disp report. fun and jac are rounded where
# OpenBLAS's fused multiply-adds move the last bits.
import numpy as np
import scipy.optimize
from scipy.optimize import rosen, rosen_der

# the capability analysis's calibration (seed 004) with deterministic noise
k = np.arange(2000)
timestamps = np.linspace(0, 100, 2000)
noise = ((k * 7919) % 1000) / 1000.0 - 0.5
data_from_sensor_a = 1 + 0.6 * noise + timestamps / 10
data_from_sensor_b = data_from_sensor_a * (1.5 + 0.1 * (((k * 104729) % 997) / 997.0 - 0.5))
data_from_sensor_b += 3 + 0.1 * (((k * 1299709) % 991) / 991.0 - 0.5)


def rmse_with_calibration(x):
    estimated_slope, estimated_offset = x
    return float(np.sqrt(np.mean(np.power(
        data_from_sensor_a - (estimated_slope * data_from_sensor_b + estimated_offset), 2))))


def tidy(r):
    r.fun = round(float(r.fun), 10)
    if "jac" in r:
        r.jac = np.round(r.jac, 7) + 0.0
    return r


optimization_result = scipy.optimize.minimize(rmse_with_calibration, x0=(1, 0), method="BFGS",
                                              options={"disp": True})
print("optimization_result:", tidy(optimization_result))
print(type(optimization_result).__name__, sorted(optimization_result.keys()))
print(optimization_result.x.round(6), optimization_result["nit"])

for x0 in ([-1.2, 1.0], [0.0, 0.0, 0.0], [1.3, 0.7, 0.8, 1.9]):
    print(tidy(scipy.optimize.minimize(rosen, x0, method="BFGS", jac=rosen_der)))
    r = scipy.optimize.minimize(rosen, x0, method="CG", jac=rosen_der)
    print(r.x.round(5), r.nit, r.nfev, r.njev, r.status, r.message)
    r = scipy.optimize.minimize(rosen, x0, method="Nelder-Mead")
    print(r.x.round(4), r.nit, r.nfev, r.status, r.message)
print(tidy(scipy.optimize.minimize(rosen, [-1.2, 1.0], method="Nelder-Mead")))
r = scipy.optimize.minimize(rosen, [-1.2, 1.0])
print(r.x.round(4), r.nit, r.nfev, r.njev, r.status)
r = scipy.optimize.minimize(lambda x: (rosen(x), rosen_der(x)), [1.3, 0.7, 0.8], jac=True,
                            method="BFGS", options={"maxiter": 5, "disp": True})
print(r.x.round(6), r.nit, r.nfev, r.njev, r.status, r.success, r.message)
r = scipy.optimize.minimize(rosen, [1.3, 0.7], method="Nelder-Mead", tol=1e-8,
                            options={"disp": True})
print(r.x.round(8), r.nit, r.nfev)
r = scipy.optimize.minimize(lambda x, c: np.sum((x - c) ** 2), np.array([3, 4]),
                            args=(np.array([1.0, 2.0]),), method="CG", options={"disp": True})
print(tidy(r))
r = scipy.optimize.minimize(lambda x: np.sum((x - 2) ** 4), [0.0], method="BFGS", tol=1e-3)
print(r.x.round(4), r.nit, r.nfev)
seen = []
r = scipy.optimize.minimize(rosen, [-1.2, 1.0], jac=rosen_der, method="BFGS",
                            callback=lambda xk: seen.append(xk.round(3)))
print(len(seen), seen[0], seen[-1])
print(scipy.optimize.rosen(np.array([1.0, 2.0, 3.0])), scipy.optimize.rosen_der([1.0, 2.0, 3.0]))
print(scipy.optimize.approx_fprime([1.0, 2.0], rosen, 1e-6).round(3))
try:
    scipy.optimize.minimize(rosen, [1.0, 2.0], method="bogus")
except ValueError as e:
    print("ValueError", e)
