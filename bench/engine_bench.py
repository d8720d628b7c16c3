"""engine_bench.py - the NumPy side of bench/engine_bench.c (same operations and sizes), run by
hand through bench/engine_bench.sh with build/venv/bin/python. NumPy wheels bundle their own
OpenBLAS (scipy-openblas); thread count follows OPENBLAS_NUM_THREADS."""
import sys
import time

import numpy as np


def best(reps, f):
    b = 1e30
    for _ in range(reps):
        t = time.perf_counter()
        f()
        b = min(b, time.perf_counter() - t)
    return b


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    only = sys.argv[2] if len(sys.argv) > 2 else ""
    rng = np.random.default_rng(0)
    if not only or "dispatch" in only:
        a = rng.random(3, dtype=np.float32)
        b = rng.random(3, dtype=np.float32)
        iters = 1000000
        t = best(3, lambda: [a + b for _ in range(iters)])
        print("numpy dispatch add 3xf32: %.1f ns/op (includes the Python loop)" % (t / iters * 1e9))
        t0 = best(3, lambda: [None for _ in range(iters)])
        print("numpy dispatch add 3xf32 minus empty loop: %.1f ns/op" % ((t - t0) / iters * 1e9))
    if not only or "elem" in only:
        for dt in (np.float32, np.float64):
            nm = "f32" if dt == np.float32 else "f64"
            a = (rng.random(1000000) - 0.5).astype(dt)
            b = (rng.random(1000000) - 0.5).astype(dt)
            print("numpy 1M add %s: %.3f ms" % (nm, best(20, lambda: a + b) * 1e3))
            print("numpy 1M mul %s: %.3f ms" % (nm, best(20, lambda: a * b) * 1e3))
            print("numpy 1M exp %s: %.3f ms" % (nm, best(10, lambda: np.exp(a)) * 1e3))
            print("numpy 1M tanh %s: %.3f ms" % (nm, best(10, lambda: np.tanh(a)) * 1e3))
            print("numpy 1M sum %s: %.3f ms" % (nm, best(20, lambda: a.sum()) * 1e3))
            print("numpy 1M max %s: %.3f ms" % (nm, best(20, lambda: a.max()) * 1e3))
            q = a.reshape(1000, 1000)
            print("numpy 1000x1000 sum axis0 %s: %.3f ms" % (nm, best(20, lambda: q.sum(axis=0)) * 1e3))
            print("numpy 1000x1000 sum axis1 %s: %.3f ms" % (nm, best(20, lambda: q.sum(axis=1)) * 1e3))
    if not only or "matmul" in only:
        for dt in (np.float32, np.float64):
            a = (rng.random((n, n)) - 0.5).astype(dt)
            b = (rng.random((n, n)) - 0.5).astype(dt)
            print("numpy matmul %dx%d %s: %.3f s" % (n, n, "f32" if dt == np.float32 else "f64", best(2, lambda: a @ b)))
    if not only or "inv" in only:
        a = rng.random((n, n)) - 0.5 + n * np.eye(n)
        print("numpy inv %dx%d f64: %.3f s" % (n, n, best(2, lambda: np.linalg.inv(a))))


if __name__ == "__main__":
    main()
