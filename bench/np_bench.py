#!/usr/bin/env python3
"""Array-library benchmark: the same script runs under Sable and under NumPy; prints both
timings and Sable/NumPy ratios (below 1 means Sable is faster).

Usage: bench/np_bench.py [--big] [--rounds N] [--only SUBSTR[,SUBSTR...]] [--jnp] [--base SABLE]
  --big     adds 5000x5000 matmul (float32, float64) and float64 inverse
  --rounds  runs Sable and NumPy alternately N times (default 3) and keeps the best time of
            each case: the machine is shared, so one run alone says little
  --only    runs only the cases whose name contains one of the substrings
  --jnp     Sable runs the cases through jax.numpy instead of numpy (NumPy still runs numpy)
  --base    another sable binary (e.g. a build of the previous commit) timed in the same rounds:
            adds its column and its ratio, for before/after tables
Env: SABLE (default bin/sable), PYTHON (default build/venv/bin/python); SABLE_NUM_THREADS and
OPENBLAS_NUM_THREADS pass through to both.
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
if JNP:
    import jax.numpy as xp
else:
    xp = np

def want(name):
    if not ONLY:
        return False if name.startswith("big_") and not BIG else True
    for s in ONLY:
        if s in name:
            return True
    return False

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

def case(name, f, n, reps=5):
    # n calls per timing, best of reps timings; n=1 with many reps (the big-array cases)
    # keeps the fastest single call, which filters out other people's load best
    if want(name):
        print("RESULT %s %.9f" % (name, best(f, n, reps)))

def bigcase(name, f, reps):
    case(name, f, 1, reps)

def loop_per_op(n):
    a = xp.array([1.0, 2.0, 3.0])
    b = xp.array([4.0, 5.0, 6.0])
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

if want("small_add_3"):
    print("RESULT small_add_3 %.9f" % loop_per_op(200000))
a3 = xp.array([1.0, 2.0, 3.0])
case("small_mul_scalar", lambda: a3 * 2.0, 100000)
case("small_sum", lambda: a3.sum(), 100000)

for dt, nm in ((np.float32, "f32"), (np.float64, "f64")):
    x = (xp.arange(1000000) / 1000000.0 - 0.5).astype(dt)
    y = (xp.ones(1000000) * 0.25).astype(dt)
    q = x.reshape(1000, 1000)
    bigcase("add_1M_" + nm, lambda: x + y, 200)
    bigcase("mul_1M_" + nm, lambda: x * y, 200)
    bigcase("add_scalar_1M_" + nm, lambda: x + 1.0, 200)
    bigcase("maximum_1M_" + nm, lambda: xp.maximum(x, y), 200)
    bigcase("greater_1M_" + nm, lambda: x > y, 200)
    bigcase("exp_1M_" + nm, lambda: xp.exp(x), 80)
    bigcase("tanh_1M_" + nm, lambda: xp.tanh(x), 80)
    bigcase("sum_1M_" + nm, lambda: xp.sum(x), 200)
    bigcase("max_1M_" + nm, lambda: xp.max(x), 200)
    bigcase("mean_1M_" + nm, lambda: xp.mean(x), 200)
    bigcase("sum_axis0_1000x1000_" + nm, lambda: xp.sum(q, axis=0), 200)
    bigcase("sum_axis1_1000x1000_" + nm, lambda: xp.sum(q, axis=1), 200)
    bigcase("max_axis0_1000x1000_" + nm, lambda: xp.max(q, axis=0), 200)
    bigcase("max_axis1_1000x1000_" + nm, lambda: xp.max(q, axis=1), 200)
    bigcase("mean_axis0_1000x1000_" + nm, lambda: xp.mean(q, axis=0), 200)

m = xp.ones((1000, 1000)) / 3
mf = m.astype(np.float32)
bigcase("matmul_1000_f64", lambda: m @ m, 15)
bigcase("matmul_1000_f32", lambda: mf @ mf, 15)
if any(want(k) for k in ("big_matmul_5000_f32", "big_matmul_5000_f64", "big_inv_5000_f64")):
    g = xp.ones((5000, 5000)) / 7 + xp.eye(5000)
    gf = g.astype(np.float32)
    case("big_matmul_5000_f32", lambda: gf @ gf, 1, 2)
    case("big_matmul_5000_f64", lambda: g @ g, 1, 2)
    if not JNP:
        case("big_inv_5000_f64", lambda: np.linalg.inv(g), 1, 2)
'''


def run(cmd, big, only, jnp):
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write("BIG = %s\nONLY = %r\nJNP = %s\n" % (big, only, jnp) + SCRIPT)
        path = f.name
    try:
        p = subprocess.run(cmd + [path], capture_output=True, text=True, timeout=3600)
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
    if t < 1:
        return "%8.2f ms" % (t * 1e3)
    return "%8.3f s " % t


def merge(into, res):
    for k, v in res.items():
        if k not in into or v < into[k]:
            into[k] = v


def main():
    args = sys.argv[1:]
    big = "--big" in args
    jnp = "--jnp" in args
    rounds = 3
    only = []
    base = None
    for i, a in enumerate(args):
        if a == "--base" and i + 1 < len(args):
            base = args[i + 1]
        if a == "--rounds" and i + 1 < len(args):
            rounds = int(args[i + 1])
        if a == "--only" and i + 1 < len(args):
            only = [s for s in args[i + 1].split(",") if s]
    s, n, b = {}, {}, {}
    for _ in range(rounds):
        if base:
            merge(b, run([base], big, only, jnp))
        merge(s, run([SABLE], big, only, jnp))
        merge(n, run([PYTHON], big, only, False))
    if base:
        print("%-26s %12s %12s %12s %8s %8s" % ("case", "base", "sable", "numpy", "base/np", "ratio"))
    else:
        print("%-26s %12s %12s %8s" % ("case", "sable", "numpy", "ratio"))
    for k in n:
        st = fmt(s[k]) if k in s else "failed"
        r = "%8.2f" % (s[k] / n[k]) if k in s else ""
        if base:
            bt = fmt(b[k]) if k in b else "failed"
            br = "%8.2f" % (b[k] / n[k]) if k in b else "        "
            print("%-26s %12s %12s %12s %s %s" % (k, bt, st, fmt(n[k]), br, r))
        else:
            print("%-26s %12s %12s %s" % (k, st, fmt(n[k]), r))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
