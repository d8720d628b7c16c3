#!/usr/bin/env python3
"""Benchmarks of the transformations (by hand, never in the tests):
  * a cached jit call with a few array arguments (goal: under 5 us of overhead);
  * grad of sum(tanh(x)**2) at 1,000 elements against PyTorch autograd;
  * one epoch of the MLP example (batch 128, 60,000 Fashion-MNIST images) against PyTorch
    doing the same work; with --full, ten epochs and the test accuracy against NumPy's.
Each side runs with 1 and with 2 threads (SABLE_NUM_THREADS for Sable's pool and OpenBLAS,
BENCH_THREADS for PyTorch's intra- and inter-op pools); the epoch lines give wall and CPU
seconds (the CPU time is the steadier figure on a shared machine).
PyTorch runs with /usr/bin/python3 (Debian's python3-torch), NumPy with the build venv.
Usage: bench/transform_bench.py [--full]"""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SABLE = os.environ.get("SABLE", os.path.join(ROOT, "bin", "sable"))
VENV_PY = os.path.join(ROOT, "build", "venv", "bin", "python")


def run(cmd, threads=1):
    env = dict(os.environ, SABLE_NUM_THREADS=str(threads), BENCH_THREADS=str(threads),
               OMP_NUM_THREADS=str(threads))
    p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, env=env)
    if p.returncode != 0:
        return "(failed: %s)" % " | ".join(p.stderr.strip().splitlines()[-2:])
    return p.stdout.strip()


def has_torch():
    return subprocess.run(["/usr/bin/python3", "-c", "import torch"], capture_output=True).returncode == 0


for threads in (1, 2):
    print("== %d thread(s)" % threads)
    print("-- jit call overhead and grad (microseconds per call, best of 5)")
    print(run([SABLE, "bench/transform/overhead.py"], threads))
    if has_torch():
        print(run(["/usr/bin/python3", "bench/transform/overhead_torch.py"], threads))
    else:
        print("(PyTorch not installed: apt-get install python3-torch)")
    epochs = "10" if "--full" in sys.argv else "1"
    print("-- MLP on Fashion-MNIST, %s epoch(s), batch 128" % epochs)
    print("sable:   " + run([SABLE, "bench/transform/mlp.py", epochs], threads).replace("\n", "\n         "))
    if has_torch():
        print("pytorch: " + run(["/usr/bin/python3", "bench/transform/mlp_torch.py", epochs], threads).replace("\n", "\n         "))
if "--full" in sys.argv:
    print("-- numpy (same recipe, the accuracy reference)")
    print(run([VENV_PY, "bench/transform/mlp_numpy.py", "10"]))
