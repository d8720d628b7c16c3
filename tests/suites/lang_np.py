#!/usr/bin/env python3
"""Array-library programs: each tests/lang_np/NAME.py must print exactly NAME.out.

numpy-only programs get their .out from real NumPy (regenerate with --regen, which runs them
with this Python); jax.numpy programs carry expectations written from JAX itself. Prints a
PASS/FAIL line per program. Env: SABLE (binary), SABLE_ROOT.
"""
import difflib
import os
import subprocess
import sys

ROOT = os.environ.get("SABLE_ROOT", os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))
SABLE = os.path.abspath(os.environ.get("SABLE", os.path.join(ROOT, "bin", "sable")))
DIR = os.path.join(ROOT, "tests", "lang_np")
SABLE_ASAN = os.environ.get("SABLE_ASAN", "")
ASAN_ENV = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:exitcode=86",
                UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:exitcode=87")


def main():
    regen = "--regen" in sys.argv
    failed = 0
    for name in sorted(os.listdir(DIR)):
        if not name.endswith(".py"):
            continue
        path = os.path.join(DIR, name)
        exp_path = path[:-3] + ".out"
        with open(path) as f:
            uses_jax = "import jax" in f.read()
        if regen and not uses_jax:
            p = subprocess.run([sys.executable, name], cwd=DIR, capture_output=True, text=True)
            with open(exp_path, "w") as f:
                f.write(p.stdout)
        if not os.path.exists(exp_path):
            print("SKIP lang_np/%s: no .out" % name[:-3])
            continue
        with open(exp_path) as f:
            want = f.read()
        builds = [("", SABLE, None)]
        if SABLE_ASAN and os.path.exists(SABLE_ASAN):
            builds.append(("asan-", os.path.abspath(SABLE_ASAN), ASAN_ENV))
        for prefix, binary, env in builds:
            try:
                p = subprocess.run([binary, name], cwd=DIR, capture_output=True, text=True,
                                   timeout=300, errors="replace", env=env)
                got, rc, err = p.stdout, p.returncode, p.stderr
            except subprocess.TimeoutExpired:
                got, rc, err = "", None, "timed out"
            if got == want and rc == 0:
                print("PASS %slang_np/%s" % (prefix, name[:-3]))
                continue
            failed += 1
            diff = list(difflib.unified_diff(want.splitlines(), got.splitlines(), "expected",
                                             "sable", lineterm="", n=0))
            first = " | ".join(d for d in diff[2:6])
            tail = " | ".join(err.strip().splitlines()[-2:])
            print("FAIL %slang_np/%s: rc=%s %s %s" % (prefix, name[:-3], rc, first[:400], tail[:300]))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
