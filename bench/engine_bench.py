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
    if not only or "elem" in only or "red" in only:
        for dt in (np.float32, np.float64):
            nm = "f32" if dt == np.float32 else "f64"
            a = (rng.random(1000000) - 0.5).astype(dt)
            b = (rng.random(1000000) - 0.5).astype(dt)
            cases = []
            if not only or "elem" in only:
                cases += [("1M add", lambda: a + b, 200), ("1M mul", lambda: a * b, 200),
                          ("1M add scalar", lambda: a + dt(1.5), 200),
                          ("1M maximum", lambda: np.maximum(a, b), 200),
                          ("1M greater", lambda: a > b, 200),
                          ("1M exp", lambda: np.exp(a), 50), ("1M tanh", lambda: np.tanh(a), 50)]
            if not only or "red" in only:
                q = a.reshape(1000, 1000)
                cases += [("1M sum", lambda: a.sum(), 200), ("1M max", lambda: a.max(), 200),
                          ("1000x1000 sum axis0", lambda: q.sum(axis=0), 200),
                          ("1000x1000 sum axis1", lambda: q.sum(axis=1), 200),
                          ("1000x1000 max axis0", lambda: q.max(axis=0), 200),
                          ("1000x1000 max axis1", lambda: q.max(axis=1), 200)]
            for label, f, reps in cases:
                print("numpy %s %s: %.3f ms" % (label, nm, best(reps, f) * 1e3))
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
