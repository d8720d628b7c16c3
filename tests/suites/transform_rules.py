#!/usr/bin/env python3
"""Every differentiable primitive's transformation rules, checked numerically by the Sable
program tests/transform/rules_check.py (float64): JVP against central finite differences,
VJP against JVP, second derivatives against finite differences of the gradient, vmap against
a loop of single calls, jit against eager. The program prints PASS/FAIL lines; this script
forwards them prefixed with transform_rules/. Env: SABLE (binary), SABLE_ROOT."""
import os
import subprocess
import sys

from _sable_bins import binaries

ROOT = os.environ.get("SABLE_ROOT", os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))
SABLE = os.environ.get("SABLE", os.path.join(ROOT, "bin", "sable"))


def main():
    prog = os.path.join("tests", "transform", "rules_check.py")
    failed = 0
    for label, binary, env in binaries():
        try:
            p = subprocess.run([binary, prog], cwd=ROOT, capture_output=True, text=True,
                               timeout=900, errors="replace", env=env)
        except subprocess.TimeoutExpired:
            print("FAIL transform_rules/run%s: timed out" % label)
            failed += 1
            continue
        n = 0
        for line in p.stdout.splitlines():
            if line.startswith(("PASS ", "FAIL ")):
                status, rest = line.split(" ", 1)
                if ":" in rest:
                    nm, why = rest.split(":", 1)
                    rest = nm + label + ":" + why
                else:
                    rest = rest + label
                print("%s transform_rules/%s" % (status, rest))
                n += 1
                failed += status == "FAIL"
        if p.returncode != 0 or n < 500:
            tail = " | ".join(p.stderr.strip().splitlines()[-3:])
            print("FAIL transform_rules/run%s: exit %s after %d checks: %s" % (label, p.returncode, n, tail[:400]))
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
