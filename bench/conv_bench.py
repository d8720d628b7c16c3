#!/usr/bin/env python3
"""Convolution benchmark (by hand, never in the tests): bench/conv_workloads.py under Sable and
under real JAX (jax 0.10.2 CPU in /tmp/refvenv or $JAX_PY), side by side, in milliseconds (best
and median of 5 repeats). Each side runs with SABLE_NUM_THREADS / XLA's intra-op threads as set
in the environment (default: both cores).
Usage: bench/conv_bench.py [batch] [--sable-only]"""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SABLE = os.environ.get("SABLE", os.path.join(ROOT, "bin", "sable"))
JAX_PY = os.environ.get("JAX_PY", "/tmp/refvenv/bin/python")
args = [a for a in sys.argv[1:] if not a.startswith("--")]


def run(cmd):
    p = subprocess.run(cmd + ["bench/conv_workloads.py"] + args, cwd=ROOT, capture_output=True, text=True)
    if p.returncode != 0:
        print("(%s failed: %s)" % (cmd[0], " | ".join(p.stderr.strip().splitlines()[-2:])))
        return {}
    return {ln.split()[0]: ln.split()[1:] for ln in p.stdout.strip().splitlines()}


s = run([SABLE])
j = {} if "--sable-only" in sys.argv else run([JAX_PY])
print("%-14s %18s %18s" % ("workload (ms)", "sable best/med", "jax best/med"))
for k in s:
    print("%-14s %18s %18s" % (k, "/".join(s[k]), "/".join(j.get(k, ["-"]))))
