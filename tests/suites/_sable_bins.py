"""The sable binaries a transformation suite runs: the release build ($SABLE) and, when
tests/run.py passes one, the ASan+UBSan build ($SABLE_ASAN) with leak checking on."""
import os

ROOT = os.environ.get("SABLE_ROOT", os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))


def binaries():
    out = [("", os.environ.get("SABLE", os.path.join(ROOT, "bin", "sable")), dict(os.environ))]
    asan = os.environ.get("SABLE_ASAN", "")
    if asan and os.path.exists(asan):
        env = dict(os.environ)
        env["ASAN_OPTIONS"] = "detect_leaks=1:abort_on_error=0:exitcode=86:detect_stack_use_after_return=0"
        env["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1:exitcode=87"
        env["LSAN_OPTIONS"] = "exitcode=88"
        out.append(("[asan]", asan, env))
    return out
