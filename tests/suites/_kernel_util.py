"""Shared by the kernel_* suites: where the binary is, a throwaway kernelspec pointed to by
JUPYTER_PATH, and PASS/FAIL/SKIP reporting."""
import os
import sys
import tempfile
import traceback

ROOT = os.environ.get("SABLE_ROOT") or os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
SABLE = os.environ.get("SABLE") or os.path.join(ROOT, "bin", "sable")
SABLE_ASAN = os.environ.get("SABLE_ASAN", "")

sys.path.insert(0, os.path.join(ROOT, "tools"))
import install_kernel  # noqa: E402

failures = 0


def report(status, name, why=""):
    global failures
    why = " ".join(str(why).split())[:400]
    if status == "FAIL":
        failures += 1
    print(f"{status} {name}" + (f": {why}" if why else ""), flush=True)


def kernelspec(binary=None, name="sable"):
    """Install a kernelspec for binary in a fresh directory, put it first on JUPYTER_PATH and
    return the directory."""
    d = tempfile.mkdtemp(prefix="sable-jupyter-")
    install_kernel.install(d, binary or SABLE, name=name)
    os.environ["JUPYTER_PATH"] = d + os.pathsep + os.environ.get("JUPYTER_PATH", "")
    # keep the runtime files (connection files) out of the user's home
    os.environ.setdefault("JUPYTER_RUNTIME_DIR", os.path.join(d, "runtime"))
    return d


def have_binary():
    if not os.access(SABLE, os.X_OK):
        report("SKIP", "kernel", f"{SABLE} is not built")
        return False
    return True


def case(name, fn, *args):
    """Run one test function; an exception is a FAIL with its last line."""
    try:
        r = fn(*args)
        if isinstance(r, str) and r.startswith("SKIP"):
            report("SKIP", name, r[5:])
        else:
            report("PASS", name)
    except Exception as e:  # noqa: BLE001 - every failure becomes a FAIL line
        # the innermost frame in the test itself, not in expect() or a library
        tb = [f for f in traceback.extract_tb(e.__traceback__)
              if os.path.dirname(f.filename) == os.path.dirname(__file__) and f.name not in ("expect", "case")]
        where = f" ({os.path.basename(tb[-1].filename)} line {tb[-1].lineno}, in {tb[-1].name})" if tb else ""
        report("FAIL", name, f"{type(e).__name__}: {e}{where}")


def exit_status():
    return 1 if failures else 0
