"""The REPL driven in a pseudo-terminal the way a person uses it: echo of values, a multi-line
definition, an error that keeps the session, Ctrl-C during `while True: pass` and at the
prompt, threads across entries and Ctrl-C in a join, tab completion, the history file,
Ctrl-D. Prints PASS/FAIL lines for tests/run.py."""
import os
import re
import sys
import tempfile
import time


from _pty_util import Term


def check(label, name, fn):
    try:
        fn()
        print(f"PASS {label}.{name}", flush=True)
        return True
    except Exception as e:  # noqa: BLE001 - any failure is reported, not raised
        print(f"FAIL {label}.{name}: {e}".replace("\n", " "), flush=True)
        return False


def session(label, binary):
    home = tempfile.mkdtemp(prefix="sable-repl-")
    t = Term(binary, home)
    ok = check(label, "banner", lambda: t.read_until(">>> ", 20))
    if not ok:
        t.wait(1)
        return

    def echo():
        t.send("1 + 1\n")
        out = t.read_until(">>> ")
        assert "\n2\r\n" in out or "2\r\n>>> " in out, repr(out)
    check(label, "echo", echo)

    def multiline():
        t.send("def f(x):\n")
        t.read_until("... ")
        t.send("    return x * 2\n")
        t.read_until("... ")
        t.send("\n")
        t.read_until(">>> ")
        t.send("f(21)\n")
        out = t.read_until(">>> ")
        assert "42" in out, repr(out)
    check(label, "multiline", multiline)

    def error_keeps_session():
        t.send("1 / 0\n")
        out = t.read_until(">>> ")
        assert "ZeroDivisionError: division by zero" in out, repr(out)
        assert "Traceback" in out, repr(out)
        t.send("f(2)\n")
        out = t.read_until(">>> ")
        assert "4" in out, repr(out)
    check(label, "error_keeps_session", error_keeps_session)

    def future_annotations_carry():
        # CPython's REPL keeps a __future__ import's compiler flag for the later inputs
        # (`python3 -i` prints {'x': 'undefined_name', 'return': 'int'} and {'a': 'Foo'})
        t.send("from __future__ import annotations\n")
        t.read_until(">>> ")
        t.send("def g(x: undefined_name) -> int: pass\n")
        t.read_until("... ")
        t.send("\n")
        t.read_until(">>> ")
        t.send("g.__annotations__\n")
        out = t.read_until(">>> ")
        assert "{'x': 'undefined_name', 'return': 'int'}" in out, repr(out)
        t.send("class K:\n")
        t.read_until("... ")
        t.send("    a: Foo\n")
        t.read_until("... ")
        t.send("\n")
        t.read_until(">>> ")
        t.send("K.__annotations__\n")
        out = t.read_until(">>> ")
        assert "{'a': 'Foo'}" in out, repr(out)
    check(label, "future_annotations_carry", future_annotations_carry)

    def interrupt_loop():
        t.send("n = 0\n")
        t.read_until(">>> ")
        t.send("while True: n += 1\n")
        t.read_until("... ")
        t.send("\n")
        time.sleep(0.5)
        t.send("\x03")
        out = t.read_until(">>> ", 10)
        assert "KeyboardInterrupt" in out, repr(out)
        t.send("n > 0, f(3)\n")
        out = t.read_until(">>> ")
        assert "(True, 6)" in out, repr(out)
    check(label, "interrupt_loop", interrupt_loop)

    def interrupt_prompt():
        t.send("abc")
        time.sleep(0.2)
        t.send("\x03")
        out = t.read_until(">>> ")
        assert "KeyboardInterrupt" in out, repr(out)
        t.send("f(5)\n")
        out = t.read_until(">>> ")
        assert "10" in out and "NameError" not in out, repr(out)
    check(label, "interrupt_prompt", interrupt_prompt)

    def threads():
        # a thread started by one entry waits while the prompt does and runs in the next one;
        # Ctrl-C reaches the main thread blocked in join() on a thread that never ends
        t.send("import threading; ev = threading.Event(); out = []\n")
        t.read_until(">>> ")
        t.send("th = threading.Thread(target=lambda: (ev.wait(), out.append('bg ran'))); th.start()\n")
        t.read_until(">>> ")
        t.send("ev.set(); th.join(); out, th.is_alive()\n")
        out = t.read_until(">>> ")
        assert "(['bg ran'], False)" in out, repr(out)
        t.send("lk = threading.Lock(); lk.acquire(); stuck = threading.Thread(target=lk.acquire, daemon=True); stuck.start(); stuck.join()\n")
        time.sleep(0.5)
        t.send("\x03")
        out = t.read_until(">>> ", 10)
        assert "KeyboardInterrupt" in out, repr(out)
        t.send("stuck.is_alive(), f(4)\n")
        out = t.read_until(">>> ")
        assert "(True, 8)" in out, repr(out)
    check(label, "threads", threads)

    def completion():
        t.send("import math\n")
        t.read_until(">>> ")
        t.send("math.sqr\t(16)\n")
        out = t.read_until(">>> ")
        assert "4.0" in out, repr(out)
        t.send("prin\t('done')\n")
        out = t.read_until(">>> ")
        assert "done" in out, repr(out)
    check(label, "completion", completion)

    def ctrl_d():
        t.send("\x04")
        status = t.wait(10)
        assert status is not None, "did not exit on Ctrl-D"
        assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, f"status {status}"
    check(label, "ctrl_d", ctrl_d)

    def history():
        with open(os.path.join(home, ".sable_history"), encoding="utf-8", errors="replace") as f:
            # libedit stores lines vis(3)-encoded: a space is \\040
            text = re.sub(r"\\([0-7]{3})", lambda m: chr(int(m.group(1), 8)), f.read())
        assert "1 + 1" in text and "return x * 2" in text, repr(text[-300:])
    check(label, "history_file", history)


def main():
    binary = os.environ.get("SABLE") or os.path.join(os.environ["SABLE_ROOT"], "bin", "sable")
    session("release", binary)
    asan = os.environ.get("SABLE_ASAN")
    if asan and os.path.exists(asan):
        os.environ["ASAN_OPTIONS"] = "detect_leaks=0"
        session("asan", asan)


if __name__ == "__main__":
    sys.exit(main())
