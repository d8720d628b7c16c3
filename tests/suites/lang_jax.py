#!/usr/bin/env python3
"""Transformation programs: each tests/lang_jax/NAME.py must print exactly NAME.out.

The .out files were produced by JAX itself (the reference): regenerate one with
`--regen` and a Python that has jax installed in $JAX_PYTHON (e.g. a scratch venv,
`python3 -m venv /tmp/refvenv && /tmp/refvenv/bin/pip install jax`). Programs print rounded
values where XLA's transcendental functions and Sable's libm may differ in the last bit.
Prints a PASS/FAIL line per program. Env: SABLE (binary), SABLE_ROOT.
A program whose first line is `# env: NAME=VALUE [NAME=VALUE ...]` runs with those variables
set, on both sides (e.g. XLA_FLAGS=--xla_force_host_platform_device_count=4 for pmap).
"""
import difflib
import os
import subprocess
import sys

from _sable_bins import binaries

ROOT = os.environ.get("SABLE_ROOT", os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))
SABLE = os.environ.get("SABLE", os.path.join(ROOT, "bin", "sable"))
DIR = os.path.join(ROOT, "tests", "lang_jax")


def program_env(path):
    """The variables a program's first line `# env: A=1 B=2` asks for."""
    with open(path) as f:
        first = f.readline().strip()
    if not first.startswith("# env:"):
        return {}
    out = {}
    for item in first[len("# env:"):].split():
        if "=" in item:
            k, v = item.split("=", 1)
            out[k] = v
    return out


def main():
    regen = "--regen" in sys.argv
    jax_python = os.environ.get("JAX_PYTHON")
    if regen and not jax_python:
        print("--regen needs JAX_PYTHON=<a python with jax installed>", file=sys.stderr)
        return 2
    failed = 0
    for name in sorted(os.listdir(DIR)):
        if not name.endswith(".py"):
            continue
        path = os.path.join(DIR, name)
        exp_path = path[:-3] + ".out"
        extra = program_env(path)
        if regen:
            p = subprocess.run([jax_python, name], cwd=DIR, capture_output=True, text=True,
                               env=dict(os.environ, **extra))
            with open(exp_path, "w") as f:
                f.write(p.stdout)
        if not os.path.exists(exp_path):
            print("SKIP lang_jax/%s: no .out" % name[:-3])
            continue
        with open(exp_path) as f:
            want = f.read()
        for label, binary, env in binaries():
            try:
                p = subprocess.run([binary, name], cwd=DIR, capture_output=True, text=True,
                                   timeout=600, errors="replace", env=dict(env or os.environ, **extra))
                got, rc, err = p.stdout, p.returncode, p.stderr
            except subprocess.TimeoutExpired:
                got, rc, err = "", None, "timed out"
            if got == want and rc == 0:
                print("PASS lang_jax/%s%s" % (name[:-3], label))
                continue
            failed += 1
            diff = list(difflib.unified_diff(want.splitlines(), got.splitlines(), "expected",
                                             "sable", lineterm="", n=0))
            first = " | ".join(d for d in diff[2:6])
            tail = " | ".join(err.strip().splitlines()[-2:])
            print("FAIL lang_jax/%s%s: rc=%s %s %s" % (name[:-3], label, rc, first[:400], tail[:300]))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
