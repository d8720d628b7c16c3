import numpy as np
import matplotlib.pyplot as plt

X = np.linspace(-1, 1, 100)[:, None]
y = 3 * X[:, 0] ** 2 - 2 * X[:, 0] + 0.5 + 0.1 * np.random.randn(100)

A = np.hstack([X ** 2, X, np.ones_like(X)])
w, *_ = np.linalg.lstsq(A, y, rcond=None)
print(f"fitted: a={w[0]:.3f}, b={w[1]:.3f}, c={w[2]:.3f}")

fig, axes = plt.subplots(1, 2, figsize=(10, 4))
axes[0].scatter(X[:, 0], y, s=5, label='data')
axes[0].plot(X[:, 0], A @ w, 'r-', lw=2, label='fit')
axes[0].legend(); axes[0].grid(True)
axes[1].hist(y - A @ w, bins=20);
plt.tight_layout()
plt.show();

M = np.arange(12).reshape(3, 4)
print(M[1:, ::2], M[..., -1], M[M > 5], M.T @ M)
mask = (M % 2 == 0) & (M > 2) | ~(M < 10)
M[mask] = -1
B = M[np.newaxis, :, :] + M[:, np.newaxis, :] * 2.
E = np.einsum('ij,jk->ik', M, M.T)
norms = np.sqrt((M ** 2).sum(axis=1, keepdims=True))
idx = np.argsort(-norms.ravel())[:2]
