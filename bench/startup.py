#!/usr/bin/env python3
"""Start-up time of `bin/sable -c 1` next to `python3 -c 1` (issue #2: the goal is < 10 ms).

Run by hand (`python3 bench/startup.py [N]`, also part of `make bench`); never part of the tests.
The machine is shared, so the commands are run interleaved (load changes hit them alike) and the
report gives the median wall time with its quartiles, and the median CPU time (user + sys of the
process and its threads, from wait4), which depends much less on other people's load.
"""
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SABLE = os.environ.get("SABLE", os.path.join(ROOT, "bin", "sable"))
PY = "/usr/bin/python3"
VENV_PY = os.path.join(ROOT, "build", "venv", "bin", "python")
GOAL_MS = 10.0


def run_once(argv, devnull):
    t = time.perf_counter_ns()
    pid = os.posix_spawn(argv[0], argv, os.environ,
                         file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 1)])
    _, status, ru = os.wait4(pid, 0)
    wall = (time.perf_counter_ns() - t) / 1e6
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"startup: {' '.join(argv)} failed (status {status})")
    return wall, (ru.ru_utime + ru.ru_stime) * 1e3


def measure(cmds, n):
    devnull = os.open(os.devnull, os.O_WRONLY)
    for argv in cmds:                      # warm the page cache
        for _ in range(3):
            run_once(argv, devnull)
    res = {i: ([], []) for i in range(len(cmds))}
    for _ in range(n):
        for i, argv in enumerate(cmds):
            w, c = run_once(argv, devnull)
            res[i][0].append(w)
            res[i][1].append(c)
    os.close(devnull)
    return res


def quart(xs):
    q = statistics.quantiles(xs, n=4)
    return q[0], statistics.median(xs), q[2]


def shared_libs(path):
    try:
        out = subprocess.run(["ldd", path], capture_output=True, text=True).stdout
    except OSError:
        return []
    return [ln.split()[0] for ln in out.splitlines() if ln.strip() and "vdso" not in ln]


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    if not os.access(SABLE, os.X_OK):
        raise SystemExit(f"startup: {SABLE} not built (make)")
    cmds = [[SABLE, "-c", "1"], [PY, "-c", "1"],
            [SABLE, "-c", "import numpy as np"]]
    if os.access(VENV_PY, os.X_OK):
        cmds.append([VENV_PY, "-c", "import numpy as np"])
    res = measure(cmds, n)
    print(f"start-up, {n} interleaved runs each: median wall ms (p25-p75, min), median CPU ms")
    for i, argv in enumerate(cmds):
        walls, cpus = res[i]
        lo, med, hi = quart(walls)
        name = " ".join(os.path.relpath(a, ROOT) if a.startswith(ROOT) else a for a in argv)
        print(f"  {name:46s} {med:7.2f}  ({lo:6.2f}-{hi:6.2f}, min {min(walls):6.2f})"
              f"   cpu {statistics.median(cpus):6.2f}")
    med = statistics.median(res[0][0])
    print(f"goal: bin/sable -c 1 under {GOAL_MS:.0f} ms: {'met' if med < GOAL_MS else 'NOT met'}"
          f" (median {med:.2f} ms)")
    libs = shared_libs(SABLE)
    lazy = [l for l in libs if "openblas" in l or "lapack" in l or "gfortran" in l]
    print(f"  {len(libs)} shared libraries loaded at start (ldd)"
          + (f"; linked again, should be dlopen'ed on first use: {', '.join(lazy)}" if lazy else ""))


if __name__ == "__main__":
    main()
