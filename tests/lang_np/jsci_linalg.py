# scipy.linalg over NumPy float64 against SciPy 1.17: solve (assume_a), solve_triangular,
# cholesky/cho_factor/cho_solve, lu/lu_factor/lu_solve, qr, svd, eigh, inv, det, expm, block_diag.
import numpy as np
import scipy.linalg as sl


def show(name, v):
    v = np.asarray(v, dtype=np.float64)
    print(name, v.shape, " ".join("%.10g" % (t + 0.0) for t in v.ravel().tolist()))


A = np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]])
N = np.array([[1.0, 2.0, 3.0], [0.5, -1.0, 2.0], [2.0, 0.0, 1.0]])
b = np.array([1.0, -2.0, 0.5])
B = np.array([[1.0, 0.0], [-2.0, 1.0], [0.5, 3.0]])
show("solve", sl.solve(N, b))
show("solve_B", sl.solve(N, B))
show("solve_pos", sl.solve(A, B, assume_a="pos"))
show("solve_sym", sl.solve(A, b, assume_a="sym"))
show("solve_T", sl.solve(N, b, transposed=True))
for tr in (0, 1, "T"):
    for lo in (False, True):
        show("tri %s %s" % (tr, lo), sl.solve_triangular(N, b, trans=tr, lower=lo))
        show("tri_unit %s %s" % (tr, lo), sl.solve_triangular(N, B, trans=tr, lower=lo, unit_diagonal=True))
show("chol", sl.cholesky(A))
show("chol_lower", sl.cholesky(A, lower=True))
c = sl.cho_factor(A)
show("cho_factor", c[0])
print(c[1])
show("cho_solve", sl.cho_solve(c, b))
show("cho_solve_lower", sl.cho_solve(sl.cho_factor(A, lower=True), B))
for M in (N, np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 7.0]]), np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 7.0]]),
          np.array([[0.0, 1.0], [1.0, 0.0]])):
    p, l, u = sl.lu(M)
    show("lu_p", p)
    show("lu_l", l)
    show("lu_u", u)
    show("lu_check", np.round(p @ l @ u - M, 12))
pl, u = sl.lu(N, permute_l=True)
show("lu_pl", pl)
f = sl.lu_factor(N)
show("lu_factor", f[0])
print(f[1])
show("lu_solve", sl.lu_solve(f, b))
show("lu_solve_T", sl.lu_solve(f, b, trans=1))
show("lu_solve_B", sl.lu_solve(f, B))
q, r = sl.qr(N)
show("qr_q", q)
show("qr_r", r)
show("qr_rmode", sl.qr(N, mode="r")[0])
M = np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 7.0]])
print([x.shape for x in sl.qr(M, mode="economic")], [x.shape for x in sl.qr(M)])
show("svd_s", sl.svd(N, compute_uv=False))
u, s, vt = sl.svd(M)
print(u.shape, s.shape, vt.shape, [x.shape for x in sl.svd(M, full_matrices=False)])
show("svd_rebuild", (u[:, :2] * s) @ vt - M)
w, v = sl.eigh(A)
show("eigh_w", w)
show("eigh_v_abs", np.abs(v))
show("eigh_only", sl.eigh(A, eigvals_only=True))
show("eigh_upper", sl.eigh(N, lower=False, eigvals_only=True))
show("inv", sl.inv(N))
show("det", [sl.det(N), sl.det(A), sl.det(np.eye(3))])
for s in (0.001, 0.01, 0.2, 1.0, 3.0, 10.0):
    e = sl.expm(s * N)
    show("expm %g" % s, e / np.max(np.abs(e)))
show("expm_nil", sl.expm(np.array([[0.0, 1.0], [0.0, 0.0]])))
show("expm_rot", sl.expm(np.array([[0.0, -np.pi / 3], [np.pi / 3, 0.0]])))
show("block_diag", sl.block_diag(np.ones((2, 2)), [5.0, 6.0], 7.0))
print(sl.block_diag([[1, 2]], [[3]]).dtype, sl.block_diag().shape)
try:
    sl.solve(np.zeros((2, 2)), [1.0, 2.0])
except np.linalg.LinAlgError as e:
    print("LinAlgError", e)
