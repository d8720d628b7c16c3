# NumPy refuses these arguments; so must Sable (and jnp.bincount clips negatives as JAX does).
import numpy as np
import os
def attempt(label, fn):
    try:
        print(label, fn())
    except (ValueError, TypeError) as e:
        print(label, type(e).__name__, e)
attempt('bincount-neg', lambda: np.bincount(np.array([1, -1, 2])))
attempt('bincount-ok', lambda: np.bincount(np.array([1, 3, 3]), minlength=5))
attempt('pad-neg', lambda: np.pad(np.arange(3), -1))
attempt('pad-neg-pair', lambda: np.pad(np.arange(3), (1, -2)))
attempt('pad-ok', lambda: np.pad(np.arange(3), (1, 2)))
attempt('histogram-0', lambda: np.histogram(np.arange(5), bins=0))
attempt('histogram-neg', lambda: np.histogram(np.arange(5), bins=-3))
attempt('histogram-ok', lambda: np.histogram(np.arange(5), bins=2)[0])
attempt('save-nul', lambda: np.save('safety.npy\x00.evil', np.zeros(3)))
attempt('savetxt-nul', lambda: np.savetxt('safety.txt\x00.evil', np.zeros(3)))
attempt('load-nul', lambda: np.load('safety.npy\x00'))
attempt('zeros-big', lambda: np.zeros((2**62, 2**62, 0)).size)
attempt('zeros-empty', lambda: np.zeros((2**20, 2**20, 0)).shape)
print(os.path.exists('safety.npy'), os.path.exists('safety.txt'))
