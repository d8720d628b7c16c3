#!/usr/bin/env python3
"""Custom differentiation rules (custom_jvp / custom_vjp), pure_callback and nested jit with
static arguments under every composition of grad, jvp, vmap and jit, checked by the Sable
program tests/transform/compose_check.py against hand-computed values. This script forwards
its PASS/FAIL lines prefixed with transform_compose/ (for the release build and, when
tests/run.py provides it, the ASan+UBSan build). Env: SABLE (binary), SABLE_ROOT."""
import os
import subprocess
import sys

from _sable_bins import binaries

ROOT = os.environ.get("SABLE_ROOT", os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))


def main():
    prog = os.path.join("tests", "transform", "compose_check.py")
    failed = 0
    for label, binary, env in binaries():
        try:
            p = subprocess.run([binary, prog], cwd=ROOT, capture_output=True, text=True,
                               timeout=600, errors="replace", env=env)
        except subprocess.TimeoutExpired:
            print("FAIL transform_compose/run%s: timed out" % label)
            failed += 1
            continue
        n = 0
        for line in p.stdout.splitlines():
            if line.startswith(("PASS ", "FAIL ")):
                status, rest = line.split(" ", 1)
                nm, sep, why = rest.partition(":")
                print("%s transform_compose/%s%s%s%s" % (status, nm, label, sep, why))
                n += 1
                failed += status == "FAIL"
        if p.returncode != 0 or n < 50:
            tail = " | ".join(p.stderr.strip().splitlines()[-3:])
            print("FAIL transform_compose/run%s: exit %s after %d checks: %s" % (label, p.returncode, n, tail[:400]))
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
