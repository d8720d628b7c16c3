# sable._laxlinalg - jax.lax.linalg's cholesky/eigh/qr/svd with lax's conventions (eigh returns
# (v, w); qr and svd default to full matrices) over jax.numpy.linalg; mod_jax.c re-exports them.


def cholesky(x, *, symmetrize_input=True):
    """The lower Cholesky factor of x (NaNs where x is not positive definite)."""
    import jax.numpy as jnp
    x = jnp.asarray(x)
    if symmetrize_input:
        x = (x + jnp.conj(jnp.swapaxes(x, -1, -2))) / 2
    return jnp.linalg.cholesky(x)


def eigh(x, *, lower=True, symmetrize_input=True, sort_eigenvalues=True, subset_by_index=None):
    """(eigenvectors, eigenvalues) of a Hermitian x, eigenvalues ascending."""
    import jax.numpy as jnp
    if subset_by_index is not None:
        raise NotImplementedError('jax.lax.linalg.eigh: subset_by_index is not supported')
    w, v = jnp.linalg.eigh(x, UPLO='L' if lower else 'U', symmetrize_input=symmetrize_input)
    return v, w


def qr(x, *, pivoting=False, full_matrices=True, use_magma=None):
    """(q, r) of x; full_matrices=True gives the complete q."""
    import jax.numpy as jnp
    if pivoting:
        raise NotImplementedError('jax.lax.linalg.qr: pivoting is not supported')
    return jnp.linalg.qr(x, mode='complete' if full_matrices else 'reduced')


def svd(x, *, full_matrices=True, compute_uv=True, subset_by_index=None, algorithm=None):
    """(u, s, vh) of x, or s alone when compute_uv is False."""
    import jax.numpy as jnp
    if subset_by_index is not None:
        raise NotImplementedError('jax.lax.linalg.svd: subset_by_index is not supported')
    return jnp.linalg.svd(x, full_matrices=full_matrices, compute_uv=compute_uv)
