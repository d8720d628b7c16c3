#!/usr/bin/env python3
"""Sable's test runner: every suite, the release build and the ASan+UBSan build.

Suites:
  unit    build/unit/* and build/asan/unit/*: C programs printing PASS/FAIL lines
  lang    tests/lang/*.py: stdout must equal the .out file CPython produced; a .err file
          means the program must exit 1 with exactly that stderr (the traceback); a .rc file
          beside it holds another expected exit status (2: argparse usage errors)
  broken  tests/broken/*: each must exit 1 with a `SomeError: message` last line, no signal
  suites  tests/suites/*.py: scripts run with the venv Python, printing PASS/FAIL/SKIP lines
Ends with the line `N passed, N failed, N skipped`; exit status 1 on any failure.
Usage: tests/run.py [-k SUBSTRING] [--no-asan] [--only unit,lang,broken,suites]
"""
import argparse
import concurrent.futures as cf
import os
import re
import signal
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SABLE = os.path.join(ROOT, "bin", "sable")
SABLE_ASAN = os.path.join(ROOT, "build", "asan", "bin", "sable")
VENV_PY = os.path.join(ROOT, "build", "venv", "bin", "python")
LINE = re.compile(r"^(PASS|FAIL|SKIP)\s+(\S+)(?::?\s*(.*))?$")
ERRLINE = re.compile(r"^[A-Za-z_][A-Za-z0-9_.]*(: .*)?$")

results = []  # (status, name, detail)


def load_known_failures():
    """tests/known_failures.txt: `name  # why` per line, for failures the team knows about and
    has not fixed yet. They still run; a listed failure is reported as SKIP with its reason, a
    listed test that passes is reported so that its line gets removed."""
    known = {}
    path = os.path.join(ROOT, "tests", "known_failures.txt")
    if os.path.exists(path):
        for line in open(path, encoding="utf-8"):
            name, _, why = line.partition("#")
            if name.strip():
                known[name.strip()] = why.strip() or "known failure"
    return known


KNOWN = load_known_failures()
now_passing = []


def record(status, name, detail=""):
    if name in KNOWN:
        if status == "FAIL":
            status, detail = "SKIP", f"known failure ({KNOWN[name]}): {detail}"
        elif status == "PASS":
            now_passing.append(name)
    results.append((status, name, detail))
    if status == "FAIL":
        print(f"FAIL {name}: {detail}", flush=True)


def asan_env():
    env = dict(os.environ)
    env["ASAN_OPTIONS"] = "detect_leaks=1:abort_on_error=0:exitcode=86:detect_stack_use_after_return=0"
    env["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1:exitcode=87"
    env["LSAN_OPTIONS"] = "exitcode=88"
    return env


def run(cmd, timeout, env=None, stdin=None):
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout,
                           env=env, cwd=ROOT, stdin=stdin if stdin is not None else subprocess.DEVNULL)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired as e:
        return None, e.stdout or b"", e.stderr or b""
    except OSError as e:
        return 127, b"", f"cannot run {cmd[0]}: {e}".encode()


def describe_rc(rc):
    if rc is None:
        return "timed out"
    if rc < 0:
        try:
            return "killed by " + signal.Signals(-rc).name
        except ValueError:
            return f"killed by signal {-rc}"
    return f"exit status {rc}"


def parse_lines(prefix, rc, out, err):
    """Collect PASS/FAIL/SKIP lines; a crash or a non-zero exit without FAIL lines fails."""
    fails = 0
    seen = 0
    for line in out.decode("utf-8", "replace").splitlines():
        m = LINE.match(line.strip())
        if m:
            seen += 1
            status, name, detail = m.group(1), f"{prefix}/{m.group(2).rstrip(':')}", m.group(3) or ""
            fails += status == "FAIL"
            record(status, name, detail)
    if rc != 0 and fails == 0:
        tail = err.decode("utf-8", "replace").strip().splitlines()[-5:]
        record("FAIL", prefix, f"{describe_rc(rc)} ({seen} cases seen) " + " | ".join(tail))


def unit_suite(flt, asan):
    srcs = sorted(f[:-2] for f in os.listdir(os.path.join(ROOT, "tests", "unit")) if f.endswith(".c"))
    for label, d in (("unit", "build/unit"), ("asan-unit", "build/asan/unit")):
        if label == "asan-unit" and not asan:
            continue
        for name in srcs:
            if not os.path.exists(os.path.join(ROOT, d, name)) and (not flt or flt in f"{label}/{name}"):
                record("FAIL", f"{label}/{name}", "did not build (see the make output above)")
    dirs = [("unit", os.path.join(ROOT, "build", "unit"), None)]
    if asan:
        dirs.append(("asan-unit", os.path.join(ROOT, "build", "asan", "unit"), asan_env()))
    for label, d, env in dirs:
        if not os.path.isdir(d):
            continue
        for name in sorted(os.listdir(d)):
            path = os.path.join(d, name)
            if not os.access(path, os.X_OK) or os.path.isdir(path) or name.endswith(".d"):
                continue
            if flt and flt not in f"{label}/{name}":
                continue
            rc, out, err = run([path], 600, env=env)
            parse_lines(f"{label}/{name}", rc, out, err)


def lang_case(binary, env, label, py):
    base = py[:-3]
    rel = os.path.relpath(py, ROOT)
    want_out = open(base + ".out", "rb").read() if os.path.exists(base + ".out") else None
    want_err = open(base + ".err", "rb").read() if os.path.exists(base + ".err") else None
    rc, out, err = run([binary, rel], 60 if env else 30, env=env)
    want_rc = 1 if want_err is not None else 0
    if want_err is not None and os.path.exists(base + ".rc"):
        want_rc = int(open(base + ".rc").read())
    problems = []
    if rc != want_rc:
        problems.append(f"{describe_rc(rc)}, expected {want_rc}")
    if want_out is not None and out != want_out:
        problems.append("stdout differs: " + first_diff(want_out, out))
    if want_err is not None and err != want_err:
        problems.append("stderr differs: " + first_diff(want_err, err))
    elif want_err is None and rc == 0 and b"runtime error" in err:
        problems.append("UBSan: " + err.decode("utf-8", "replace")[:200])
    return (f"{label}/{os.path.basename(py)}", problems)


def first_diff(want, got):
    w = want.decode("utf-8", "replace").splitlines()
    g = got.decode("utf-8", "replace").splitlines()
    for i in range(max(len(w), len(g))):
        a = w[i] if i < len(w) else "<end>"
        b = g[i] if i < len(g) else "<end>"
        if a != b:
            return f"line {i + 1}: expected {a!r}, got {b!r}"
    return "trailing newline/whitespace"


def broken_case(binary, env, label, path):
    rc, out, err = run([binary, os.path.relpath(path, ROOT)], 60 if env else 20, env=env)
    text = err.decode("utf-8", "replace").rstrip("\n").splitlines()
    last = text[-1] if text else ""
    problems = []
    if rc != 1:
        problems.append(f"{describe_rc(rc)}, expected 1")
    if not ERRLINE.match(last) or not re.match(r"^((\w+\.)*\w*(Error|Exception|Interrupt|Exit)|\w+\.error)\b", last):
        problems.append(f"last stderr line is not an exception: {last[:120]!r}")
    if "Sanitizer" in err.decode("utf-8", "replace") or "runtime error:" in err.decode("utf-8", "replace"):
        problems.append("sanitizer report")
    return (f"{label}/{os.path.basename(path)}", problems)


def program_suite(kind, flt, asan):
    folder = os.path.join(ROOT, "tests", kind)
    if not os.path.isdir(folder):
        return
    if kind == "lang":
        files = sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".py"))
        fn = lang_case
    else:
        files = sorted(os.path.join(folder, f) for f in os.listdir(folder)
                       if not f.endswith((".md", ".sh")) and not f.startswith("gen_")
                       and os.path.isfile(os.path.join(folder, f)))
        fn = broken_case
    builds = [(kind, SABLE, None)]
    if asan and os.path.exists(SABLE_ASAN):
        builds.append((f"asan-{kind}", SABLE_ASAN, asan_env()))
    jobs = []
    with cf.ThreadPoolExecutor(max_workers=2) as ex:
        for label, binary, env in builds:
            for f in files:
                if flt and flt not in f"{label}/{os.path.basename(f)}":
                    continue
                jobs.append(ex.submit(fn, binary, env, label, f))
        for j in jobs:
            name, problems = j.result()
            record("FAIL" if problems else "PASS", name, "; ".join(problems))


def script_suites(flt, asan):
    folder = os.path.join(ROOT, "tests", "suites")
    if not os.path.isdir(folder):
        return
    py = VENV_PY if os.path.exists(VENV_PY) else sys.executable
    for f in sorted(os.listdir(folder)):
        if not f.endswith(".py") or f.startswith("_"):
            continue
        name = f"suites/{f[:-3]}"
        if flt and flt not in name:
            continue
        env = dict(os.environ, SABLE=SABLE, SABLE_ASAN=SABLE_ASAN if asan else "",
                   SABLE_ROOT=ROOT, PYTHONPATH=os.path.join(ROOT, "tests", "suites"))
        t = time.time()
        rc, out, err = run([py, os.path.join(folder, f)], 1800, env=env)
        parse_lines(name, rc, out, err)
        print(f"  {name}: {time.time() - t:.1f}s", flush=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-k", default="")
    ap.add_argument("--no-asan", action="store_true")
    ap.add_argument("--only", default="unit,lang,broken,suites")
    a = ap.parse_args()
    asan = not a.no_asan
    only = a.only.split(",")
    if not os.path.exists(SABLE):
        print(f"{SABLE} is missing: run `make` first")
        print("0 passed, 1 failed")
        return 1
    t0 = time.time()
    if asan and not os.path.exists(SABLE_ASAN):
        record("FAIL", "asan-build", f"{SABLE_ASAN} did not build")
    for suite in only:
        t = time.time()
        if suite == "unit":
            unit_suite(a.k, asan)
        elif suite in ("lang", "broken"):
            program_suite(suite, a.k, asan)
        elif suite == "suites":
            script_suites(a.k, asan)
        print(f"[{suite}] done in {time.time() - t:.1f}s", flush=True)
    passed = sum(1 for r in results if r[0] == "PASS")
    failed = sum(1 for r in results if r[0] == "FAIL")
    skipped = sum(1 for r in results if r[0] == "SKIP")
    for s, n, d in results:
        if s == "SKIP":
            print(f"SKIP {n}: {d}")
    for n in now_passing:
        print(f"NOTE {n} is listed in tests/known_failures.txt but passes: remove the line")
    print(f"total time {time.time() - t0:.1f}s")
    print(f"{passed} passed, {failed} failed, {skipped} skipped")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
