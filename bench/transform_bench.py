#!/usr/bin/env python3
"""Benchmarks of the transformations (by hand, never in the tests):
  * a cached jit call with a few array arguments (goal: under 5 us of overhead);
  * grad of sum(tanh(x)**2) at 1,000 elements against PyTorch autograd;
  * one epoch of the MLP example (batch 128, 60,000 Fashion-MNIST images) against PyTorch
    doing the same work; with --full, ten epochs and the test accuracy against NumPy's.
PyTorch runs with /usr/bin/python3 (Debian's python3-torch), NumPy with the build venv.
Usage: bench/transform_bench.py [--full]"""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SABLE = os.environ.get("SABLE", os.path.join(ROOT, "bin", "sable"))
VENV_PY = os.path.join(ROOT, "build", "venv", "bin", "python")


def run(cmd):
    p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    if p.returncode != 0:
        return "(failed: %s)" % " | ".join(p.stderr.strip().splitlines()[-2:])
    return p.stdout.strip()


def has_torch():
    return subprocess.run(["/usr/bin/python3", "-c", "import torch"], capture_output=True).returncode == 0


print("== jit call overhead and grad (microseconds per call, best of 5)")
print(run([SABLE, "bench/transform/overhead.py"]))
if has_torch():
    print(run(["/usr/bin/python3", "bench/transform/overhead_torch.py"]))
else:
    print("(PyTorch not installed: apt-get install python3-torch)")
epochs = "10" if "--full" in sys.argv else "1"
print("== MLP on Fashion-MNIST, %s epoch(s), batch 128" % epochs)
print("-- sable")
print(run([SABLE, "bench/transform/mlp.py", epochs]))
if has_torch():
    print("-- pytorch")
    print(run(["/usr/bin/python3", "bench/transform/mlp_torch.py", epochs]))
if "--full" in sys.argv:
    print("-- numpy (same recipe, the accuracy reference)")
    print(run([VENV_PY, "bench/transform/mlp_numpy.py", epochs]))
