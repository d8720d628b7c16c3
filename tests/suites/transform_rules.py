#!/usr/bin/env python3
"""Every differentiable primitive's transformation rules, checked numerically by the Sable
program tests/transform/rules_check.py (float64): JVP against central finite differences,
VJP against JVP, second derivatives against finite differences of the gradient, vmap against
a loop of single calls, jit against eager. The program prints PASS/FAIL lines; this script
forwards them prefixed with transform_rules/. It also prints, per check, the primitives of the
checked function and of its gradient (PRIMS lines): every primitive of engine/prim.h must
appear in a check none of whose lines failed (transform_rules/covered/<primitive>), so that a
new primitive cannot come without tests of its rules. Env: SABLE (binary), SABLE_ROOT."""
import os
import re
import subprocess
import sys

from _sable_bins import binaries

ROOT = os.environ.get("SABLE_ROOT", os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))
SABLE = os.environ.get("SABLE", os.path.join(ROOT, "bin", "sable"))


# Primitives no check can exercise, and why.
EXEMPT = {
    "iota": "no operands: it never receives a tracer, so it is a constant to every transformation",
}


def primitive_names():
    text = open(os.path.join(ROOT, "engine", "prim.h"), encoding="utf-8").read()
    return [n for i, n in re.findall(r'X\(\s*(\w+)\s*,\s*"([^"]+)"', text) if i != "id"]


def coverage(out):
    """PASS/FAIL per primitive from the PRIMS lines of checks that had no FAIL line."""
    failed_checks = set()
    for line in out.splitlines():
        if line.startswith("FAIL "):
            failed_checks.add(line.split(" ", 1)[1].split(":")[0].split("/")[0])
    seen = {}
    for line in out.splitlines():
        if line.startswith("PRIMS "):
            parts = line.split()
            if parts[1] in failed_checks:
                continue
            for nm in parts[2:]:
                seen.setdefault(nm, parts[1])
    bad = 0
    for nm in primitive_names():
        if nm in seen:
            print("PASS transform_rules/covered/%s" % nm)
        elif nm in EXEMPT:
            print("PASS transform_rules/covered/%s (exempt: %s)" % (nm, EXEMPT[nm]))
        else:
            print("FAIL transform_rules/covered/%s: no passing check in tests/transform/rules_check.py "
                  "uses this primitive" % nm)
            bad += 1
    return bad


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
        if not label:
            failed += coverage(p.stdout)
        if p.returncode != 0 or n < 500:
            tail = " | ".join(p.stderr.strip().splitlines()[-3:])
            print("FAIL transform_rules/run%s: exit %s after %d checks: %s" % (label, p.returncode, n, tail[:400]))
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
