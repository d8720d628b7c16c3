"""Regression cases for what the fuzz_* suites found (issue 18): each tests/fuzz/regress/*.py is
a minimized program that once crashed Sable; it must now run in the release and the ASan
build with the same stdout and exit status as CPython 3.11 run on it here (or, where NAME.out
exists, with that stdout: made by the reference JAX/NumPy venv for programs CPython's standard
library cannot run), and without a sanitizer report. (Tests that CPython would be wrong about
print only that they survived.)"""
import glob
import os
import sys

import _fuzz_util as fu
from _sable_bins import binaries

HERE = os.path.join(fu.ROOT, "tests", "fuzz", "regress")


def main():
    progs = sorted(glob.glob(os.path.join(HERE, "*.py")))
    failed = 0
    for p in progs:
        name = os.path.basename(p)[:-3]
        if os.path.exists(p[:-3] + ".out"):
            want = fu.Result(0, open(p[:-3] + ".out", "rb").read(), b"", 0.0, False)
        else:
            want = fu.run([fu.CPYTHON, p], cwd=HERE, cpu=30, wall=60)
        for tag, binary, env in binaries():
            if not os.access(binary, os.X_OK):
                fu.report("SKIP", f"{name}{tag}", f"{binary} is not built")
                continue
            env = fu.asan_env() if tag else env
            got = fu.run([binary, p], env=env, cwd=HERE, cpu=60, wall=120)
            why = fu.crash_reason(got)
            if not why and got.timed_out:
                why = "timed out"
            if not why and got.rc != want.rc:
                why = f"exit status {got.rc}, CPython {want.rc}: {fu.last_line(got)}"
            if not why and got.out != want.out:
                g = got.out.decode("utf-8", "replace").splitlines()
                w = want.out.decode("utf-8", "replace").splitlines()
                i = next((k for k in range(max(len(g), len(w))) if k >= len(g) or k >= len(w) or g[k] != w[k]), 0)
                why = f"line {i + 1}: expected {w[i] if i < len(w) else '<end>'!r}, got {g[i] if i < len(g) else '<end>'!r}"
            failed += bool(why)
            fu.report("FAIL" if why else "PASS", f"{name}{tag}", why or "")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
