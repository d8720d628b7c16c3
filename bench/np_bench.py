#!/usr/bin/env python3
"""Array-library benchmark: the same script runs under Sable and under NumPy; prints both
timings and Sable/NumPy ratios (below 1 means Sable is faster).

Usage: bench/np_bench.py [--big]   (--big adds 5000x5000 matmul and inverse)
Env: SABLE (default bin/sable), PYTHON (default build/venv/bin/python).
Run by hand, never in tests. Mind the shared cores: close other work first.
"""
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SABLE = os.environ.get("SABLE", os.path.join(ROOT, "bin", "sable"))
PYTHON = os.environ.get("PYTHON", os.path.join(ROOT, "build", "venv", "bin", "python"))

SCRIPT = r'''
import time
import numpy as np

def best(f, n, reps=5):
    f()
    b = None
    for _ in range(reps):
        t = time.perf_counter()
        for i in range(n):
            f()
        d = (time.perf_counter() - t) / n
        b = d if b is None or d < b else b
    return b

def loop_per_op(n):
    a = np.array([1.0, 2.0, 3.0])
    b = np.array([4.0, 5.0, 6.0])
    best_empty = best_add = None
    for _ in range(5):
        t = time.perf_counter()
        for i in range(n):
            pass
        e = time.perf_counter() - t
        t = time.perf_counter()
        for i in range(n):
            c = a + b
        d = time.perf_counter() - t
        best_empty = e if best_empty is None or e < best_empty else best_empty
        best_add = d if best_add is None or d < best_add else best_add
    return (best_add - best_empty) / n

print("RESULT small_add_3 %.9f" % loop_per_op(200000))
a3 = np.array([1.0, 2.0, 3.0])
print("RESULT small_mul_scalar %.9f" % best(lambda: a3 * 2.0, 100000))
print("RESULT small_sum %.9f" % best(lambda: a3.sum(), 100000))
x = np.arange(1000000, dtype=np.float64) / 1000000.0
y = np.ones(1000000)
xf = x.astype(np.float32)
print("RESULT add_1M_f64 %.9f" % best(lambda: x + y, 50))
print("RESULT mul_1M_f64 %.9f" % best(lambda: x * y, 50))
print("RESULT exp_1M_f64 %.9f" % best(lambda: np.exp(x), 20))
print("RESULT tanh_1M_f32 %.9f" % best(lambda: np.tanh(xf), 20))
print("RESULT sum_1M_f64 %.9f" % best(lambda: np.sum(x), 50))
print("RESULT max_1M_f64 %.9f" % best(lambda: np.max(x), 50))
print("RESULT sum_axis0_1000x1000 %.9f" % best(lambda: np.sum(x.reshape(1000, 1000), axis=0), 20))
print("RESULT mean_1M_f32 %.9f" % best(lambda: np.mean(xf), 50))
m = np.ones((1000, 1000)) / 3
mf = m.astype(np.float32)
print("RESULT matmul_1000_f64 %.9f" % best(lambda: m @ m, 3, 3))
print("RESULT matmul_1000_f32 %.9f" % best(lambda: mf @ mf, 3, 3))
if BIG:
    g = np.ones((5000, 5000)) / 7 + np.eye(5000)
    gf = g.astype(np.float32)
    print("RESULT matmul_5000_f64 %.9f" % best(lambda: g @ g, 1, 2))
    print("RESULT matmul_5000_f32 %.9f" % best(lambda: gf @ gf, 1, 2))
    print("RESULT inv_5000_f64 %.9f" % best(lambda: np.linalg.inv(g), 1, 2))
'''


def run(cmd, big):
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write("BIG = %s\n" % big + SCRIPT)
        path = f.name
    try:
        p = subprocess.run(cmd + [path], capture_output=True, text=True, timeout=1800)
    finally:
        os.unlink(path)
    res = {}
    for line in p.stdout.splitlines():
        m = re.match(r"RESULT (\S+) (\S+)", line)
        if m:
            res[m.group(1)] = float(m.group(2))
    if p.returncode != 0:
        sys.stderr.write(p.stderr[-2000:])
    return res


def fmt(t):
    if t < 1e-6:
        return "%8.1f ns" % (t * 1e9)
    if t < 1e-3:
        return "%8.2f us" % (t * 1e6)
    return "%8.2f ms" % (t * 1e3)


def main():
    big = "--big" in sys.argv
    s = run([SABLE], big)
    n = run([PYTHON], big)
    print("%-22s %12s %12s %8s" % ("case", "sable", "numpy", "ratio"))
    for k in n:
        if k in s:
            print("%-22s %12s %12s %8.2f" % (k, fmt(s[k]), fmt(n[k]), s[k] / n[k]))
        else:
            print("%-22s %12s %12s" % (k, "failed", fmt(n[k])))


if __name__ == "__main__":
    main()
