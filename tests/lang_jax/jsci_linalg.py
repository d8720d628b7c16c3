# jax.scipy.linalg against JAX: solve (assume_a), solve_triangular, cholesky/cho_factor/cho_solve,
# lu/lu_factor/lu_solve, qr modes, svd, eigh, inv, det, expm (Pade + squaring), block_diag; grads.
import jax
import numpy as np
import jax.numpy as jnp
import jax.scipy.linalg as jsl
A = jnp.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]])
N = jnp.array([[1.0, 2.0, 3.0], [0.5, -1.0, 2.0], [2.0, 0.0, 1.0]])
b = jnp.array([1.0, -2.0, 0.5])
B = jnp.array([[1.0, 0.0], [-2.0, 1.0], [0.5, 3.0]])
r = lambda x: np.round(np.asarray(x), 3) + 0.0
print(r(jsl.solve(N, b)), r(jsl.solve(A, B, assume_a="pos")), r(jsl.solve(A, b, assume_a="sym")))
for tr in (0, 1, "T"):
    for lo in (False, True):
        print(r(jsl.solve_triangular(N, b, trans=tr, lower=lo)), r(jsl.solve_triangular(N, B, trans=tr, lower=lo, unit_diagonal=True)))
print(r(jsl.cholesky(A)), r(jsl.cholesky(A, lower=True)))
c = jsl.cho_factor(A)
print(r(c[0]), c[1], r(jsl.cho_solve(c, b)), r(jsl.cho_solve(jsl.cho_factor(A, lower=True), B)))
p, l, u = jsl.lu(N)
print(r(p), r(l), r(u))
pl, u2 = jsl.lu(N, permute_l=True)
print(r(pl))
p, l, u = jsl.lu(jnp.array([[1.0, 2.0], [3.0, 4.0], [5.0, 7.0]]))
print(r(p), r(l), r(u))
f = jsl.lu_factor(N)
print(r(f[0]), f[1], r(jsl.lu_solve(f, b)), r(jsl.lu_solve(f, b, trans=1)), r(jsl.lu_solve(f, B)))
q, rr = jsl.qr(N)
print(r(jnp.abs(q)), r(jnp.abs(rr)))
print(r(jnp.abs(jsl.qr(N, mode="r")[0])), len(jsl.qr(N, mode="r")))
M = jnp.array([[1.0, 2.0], [3.0, 4.0], [5.0, 7.0]])
print([x.shape for x in jsl.qr(M, mode="economic")], [x.shape for x in jsl.qr(M)])
print(r(jsl.svd(N, compute_uv=False)), [x.shape for x in jsl.svd(M)], [x.shape for x in jsl.svd(M, full_matrices=False)])
w, v = jsl.eigh(A)
print(r(w), r(jnp.abs(v)), r(jsl.eigh(A, eigvals_only=True)), r(jsl.eigh(N, lower=False, eigvals_only=True)))
print(r(jsl.inv(N)), r(jsl.det(N)))
for s in (0.01, 0.2, 1.0, 3.0, 10.0, 50.0):
    e = jsl.expm(s * N)
    print(s, r(e / jnp.max(e)))
print(r(jsl.expm(jnp.array([[0.0, 1.0], [0.0, 0.0]]))), r(jsl.expm(jnp.zeros((2, 2)))))
print(r(jsl.expm(jnp.triu(N), upper_triangular=True)))
print(r(jsl.expm(jnp.stack([N * 0.1, A * 0.3]))))
print(r(jsl.block_diag(jnp.ones((2, 2)), jnp.array([5.0, 6.0]), 7.0)), jsl.block_diag().shape, jsl.block_diag(jnp.array([[1, 2]]), jnp.array([[3]])).dtype)
# gradients: against JAX (the .out) and against central differences in float64 below
def fd_err(f, x, sym, h=1e-2):
    # directional derivatives along e_ij (symmetric pairs e_ij + e_ji where the function reads
    # one triangle of a symmetric matrix) against the same contraction of jax.grad
    g = np.asarray(jax.grad(f)(x))
    err = 0.0
    for i in range(x.shape[0]):
        for j in range(x.shape[1]):
            e = np.zeros(x.shape, dtype=np.float32)
            e[i, j] = h
            if sym:
                e[j, i] = h
            d = (float(f(x + e)) - float(f(x - e))) / (2 * h)
            want = g[i, j] + (g[j, i] if sym and i != j else 0.0)
            err = max(err, abs(d - want))
    return err
for name, f, x, sym in [("expm", lambda x: jnp.sum(jsl.expm(x) * N), 0.3 * N, False),
                        ("lu", lambda x: jnp.sum(jsl.lu(x)[2] * N), N, False),
                        ("inv", lambda x: jnp.sum(jsl.inv(x) * N), N, False),
                        ("solve_tri", lambda x: jnp.sum(jsl.solve_triangular(x, B, lower=True) * B), N, False),
                        ("solve_pos", lambda x: jnp.sum(jsl.solve(x, B, assume_a="pos") ** 2), A, True),
                        ("cho", lambda x: jnp.sum(jsl.cholesky(x, lower=True) * N), A, True),
                        ("eigh", lambda x: jnp.sum(jsl.eigh(x)[0] ** 3), A, True)]:
    print(name, fd_err(f, x, sym) < 2e-2)
g = jax.grad(lambda x: jnp.sum(jsl.expm(x) ** 2))(0.3 * N)
print(r(g))
print(r(jax.grad(lambda x: jnp.sum(jsl.solve(x, b)))(N)), r(jax.grad(lambda x: jnp.sum(jsl.solve(x, b, assume_a="pos")))(A)))
print(r(jax.grad(lambda x: jnp.sum(jsl.solve_triangular(x, b, lower=True)))(N)))
print(r(jax.grad(lambda x: jnp.sum(jsl.cholesky(x)))(A)), r(jax.grad(lambda x: jsl.det(x))(N)), r(jax.grad(lambda x: jnp.sum(jsl.inv(x)))(N)))
print(r(jax.grad(lambda x: jnp.sum(jsl.cho_solve(jsl.cho_factor(x), b)))(A)))
print(r(jax.grad(lambda x: jnp.sum(jsl.eigh(x, eigvals_only=True) ** 2))(A)))
print(r(jax.jit(jsl.expm)(N)), r(jax.jit(lambda a: jsl.solve(a, b, assume_a="pos"))(A)))
