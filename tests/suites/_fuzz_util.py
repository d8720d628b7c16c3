"""Shared by the fuzz_* suites (issue 18): the seed and time budget (SABLE_FUZZ_SEED,
SABLE_FUZZ_SECONDS), the binary under test, running one program under CPU and wall-clock
limits, and sorting each run into ok / crash / timeout.

Budget: each suite runs cases until its time is spent (default a few tens of seconds in
`make test`, so that all four stay under ~3 minutes under ASan); the cases come from a fixed
seed, so a run tries a deterministic prefix of one sequence, and case N of a seed is always the
same program. A long run by hand: SABLE_FUZZ_SECONDS=600 SABLE_FUZZ_SEED=7 build/venv/bin/python
tests/suites/fuzz_programs.py (SABLE=... SABLE_ASAN=... as tests/run.py sets them).

Binary: the ASan+UBSan build when tests/run.py passes one ($SABLE_ASAN), else $SABLE. Under
ASan, allocator_may_return_null=1 with a 3 GiB allocation cap, so that a huge size from a
corrupt header reaches Sable's own allocation check (MemoryError) instead of ASan's abort: the
code must check every allocation, and this is how that check is exercised.

Crash: a signal other than the CPU limit's SIGXCPU/SIGKILL, a sanitizer report on stderr, or
a sanitizer exit status (86/87/88). Timeout: the CPU limit or the wall-clock limit; each suite
decides whether a timeout is a hang (fuzz_programs asks CPython about the same program)."""
import concurrent.futures as cf
import os
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.environ.get("SABLE_ROOT") or os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
CPYTHON = "/usr/bin/python3"
SANITIZER_MARKS = ("ERROR: AddressSanitizer", "ERROR: LeakSanitizer", "runtime error:",
                   "AddressSanitizer:", "UndefinedBehaviorSanitizer", "SUMMARY: ")
SANITIZER_RCS = (86, 87, 88)


def seed(default=20261125):
    return int(os.environ.get("SABLE_FUZZ_SEED", str(default)))


def seconds(default):
    return float(os.environ.get("SABLE_FUZZ_SECONDS", str(default)))


def workers():
    return int(os.environ.get("SABLE_FUZZ_JOBS", "2"))


def release_binary():
    return os.environ.get("SABLE") or os.path.join(ROOT, "bin", "sable")


def asan_env():
    env = dict(os.environ)
    env["ASAN_OPTIONS"] = ("detect_leaks=1:abort_on_error=0:exitcode=86:detect_stack_use_after_return=0:"
                           "allocator_may_return_null=1:max_allocation_size_mb=3072")
    env["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1:exitcode=87"
    env["LSAN_OPTIONS"] = "exitcode=88"
    return env


def binary():
    """(label, path, env) of the build to fuzz: ASan when available."""
    asan = os.environ.get("SABLE_ASAN", "")
    if asan and os.access(asan, os.X_OK):
        return "asan", asan, asan_env()
    return "release", release_binary(), dict(os.environ)


def _limits(cpu):
    def f():
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 2))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    return f


class Result:
    __slots__ = ("rc", "out", "err", "secs", "timed_out")

    def __init__(self, rc, out, err, secs, timed_out):
        self.rc, self.out, self.err, self.secs, self.timed_out = rc, out, err, secs, timed_out

    def text(self):
        return self.err.decode("utf-8", "replace")


def run(cmd, env=None, cwd=None, cpu=5, wall=30, stdin=None):
    """Run cmd in its own process group with a CPU-seconds limit and a wall-clock limit."""
    t = time.time()
    try:
        p = subprocess.Popen(cmd, stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=cwd,
                             preexec_fn=_limits(cpu), start_new_session=True)
    except OSError as e:
        return Result(127, b"", str(e).encode(), 0.0, False)
    try:
        out, err = p.communicate(stdin, timeout=wall)
        timed_out = p.returncode in (-signal.SIGXCPU, -signal.SIGKILL)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except OSError:
            pass
        out, err = p.communicate()
        timed_out = True
    return Result(p.returncode, out[-200000:], err[-200000:], time.time() - t, timed_out)


def crash_reason(r, ok_rcs=(0, 1, 2)):
    """None when r is a clean run (or a timeout, judged elsewhere), else why it is a crash."""
    text = r.text()
    for m in SANITIZER_MARKS:
        i = text.find(m)
        if i >= 0:
            return "sanitizer: " + " ".join(text[i:i + 240].split())
    if r.timed_out:
        return None
    if r.rc is not None and r.rc < 0:
        try:
            return "killed by " + signal.Signals(-r.rc).name
        except ValueError:
            return f"killed by signal {-r.rc}"
    if r.rc in SANITIZER_RCS:
        return f"sanitizer exit status {r.rc}"
    if r.rc not in ok_rcs:
        return f"exit status {r.rc}"
    return None


def last_line(r):
    lines = [ln for ln in r.text().splitlines() if ln.strip()]
    return lines[-1][:200] if lines else ""


def tmpdir(prefix):
    d = tempfile.mkdtemp(prefix=f"sable-{prefix}-")
    return d


def cleanup(d):
    shutil.rmtree(d, ignore_errors=True)


def keep_artifact(name, data):
    """Crashing inputs go to build/fuzz/<name> so that they can be minimized by hand."""
    d = os.path.join(ROOT, "build", "fuzz", "found")
    os.makedirs(d, exist_ok=True)
    p = os.path.join(d, name)
    with open(p, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode("utf-8", "surrogateescape"))
    return os.path.relpath(p, ROOT)


def until(budget, gen, work, jobs=None):
    """Feed gen's items to work(item) on a thread pool until budget seconds have passed;
    returns the number of items tried. work does its own reporting."""
    end = time.time() + budget
    n = 0
    with cf.ThreadPoolExecutor(max_workers=jobs or workers()) as ex:
        pending = set()
        it = iter(gen)
        while True:
            while len(pending) < 2 * (jobs or workers()) and time.time() < end:
                try:
                    item = next(it)
                except StopIteration:
                    end = 0
                    break
                pending.add(ex.submit(work, item))
                n += 1
            if not pending:
                break
            done, pending = cf.wait(pending, return_when=cf.FIRST_COMPLETED)
            for d in done:
                d.result()
    return n


def report(status, name, why=""):
    why = " ".join(str(why).split())[:600]
    print(f"{status} {name}" + (f": {why}" if why else ""), flush=True)


def stat(msg):
    print("  " + msg, file=sys.stderr, flush=True)
