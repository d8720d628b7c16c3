#!/usr/bin/env python3
"""Compiled jit (engine/cgen) side by side with the eager graph runner and real JAX on CPU, in
one run: bench/cgen_workloads.py under `sable` with SABLE_NO_FUSE=1 (the equation-by-equation runner), under `sable` with code
generation, and under the reference JAX venv (JAX_PY, default /tmp/refvenv/bin/python), each
with the default thread count and with one thread. By hand only: python3 bench/cgen_bench.py"""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SABLE = os.path.join(ROOT, "bin", "sable")
JAX_PY = os.environ.get("JAX_PY", "/tmp/refvenv/bin/python")
PROG = os.path.join(ROOT, "bench", "cgen_workloads.py")


def run(cmd, env):
    p = subprocess.run(cmd, capture_output=True, text=True, env=dict(os.environ, **env), timeout=900)
    if p.returncode:
        sys.exit(f"{cmd[0]} failed: {p.stderr[-2000:]}")
    return {l.split()[0]: (float(l.split()[1]), float(l.split()[2])) for l in p.stdout.splitlines() if len(l.split()) == 3}


def main():
    for threads in ("default", "1"):
        one = threads == "1"
        t = {"SABLE_NUM_THREADS": "1"} if one else {}
        j = {"XLA_FLAGS": "--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1"} if one else {}
        rows = {
            "sable eager graph": run([SABLE, PROG], dict(t, SABLE_NO_FUSE="1")),
            "sable tiled": run([SABLE, PROG], dict(t, SABLE_NO_CGEN="1")),
            "sable cgen": run([SABLE, PROG], dict(t, SABLE_CGEN_SYNC="1")),
            "jax": run([JAX_PY, PROG], dict(j, JAX_PLATFORMS="cpu")),
        }
        print(f"\nthreads: {threads} (best / median ms of 7 repeats)")
        names = list(rows["jax"])
        print(f"{'workload':26}" + "".join(f"{k:>22}" for k in rows) + f"{'cgen/jax speed':>16}")
        for n in names:
            cells = "".join(f"{rows[k][n][0]:>11.3f} /{rows[k][n][1]:>8.3f}" for k in rows)
            print(f"{n:26}{cells}{rows['jax'][n][0] / rows['sable cgen'][n][0]:>15.2f}x")


if __name__ == "__main__":
    main()
