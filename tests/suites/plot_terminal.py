"""pyplot where a terminal user is: plt.show() in the REPL (in a pseudo-terminal) draws with
gnuplot's text terminal sized to the window, sixel graphics when the terminal answers the
device-attributes query with sixel support, and a gnuplot window when $DISPLAY is set (a
recording wrapper stands in for a gnuplot with a window terminal). Also: gnuplot's own error
text as a Python exception, and a gnuplot killed under a session restarted on the next plot.
Runs the ASan build too when tests/run.py provides it."""
import fcntl
import os
import pty
import re
import select
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import time

ROOT = os.environ.get("SABLE_ROOT") or os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
SABLE = os.environ.get("SABLE") or os.path.join(ROOT, "bin", "sable")
SABLE_ASAN = os.environ.get("SABLE_ASAN", "")
failures = 0
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def report(status, name, why=""):
    global failures
    why = " ".join(str(why).split())[:400]
    if status == "FAIL":
        failures += 1
    print(f"{status} {name}" + (f": {why}" if why else ""), flush=True)


class Repl:
    """The REPL in a pseudo-terminal of cols x rows; answer_da: the reply to ESC [ c."""

    def __init__(self, binary, env, cols=100, rows=30, answer_da=None):
        pid, fd = pty.fork()
        if pid == 0:
            os.execve(binary, [binary], env)
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, cols * 8, rows * 16))
        self.pid, self.fd, self.buf, self.answer = pid, fd, b"", answer_da
        self.queried = False

    def read_until(self, needle, timeout=60.0):
        end = time.time() + timeout
        needle = needle.encode()
        while needle not in self.buf:
            left = end - time.time()
            if left <= 0:
                raise TimeoutError(f"waiting for {needle!r}; got {self.buf[-300:]!r}")
            r, _, _ = select.select([self.fd], [], [], left)
            if r:
                try:
                    data = os.read(self.fd, 65536)
                except OSError:
                    data = b""
                if not data:
                    raise EOFError(f"EOF waiting for {needle!r}; got {self.buf[-300:]!r}")
                self.buf += data
                if b"\x1b[c" in self.buf and not self.queried:
                    self.queried = True
                    if self.answer:
                        os.write(self.fd, self.answer)
        i = self.buf.index(needle) + len(needle)
        got, self.buf = self.buf[:i], self.buf[i:]
        return got

    def send(self, s):
        os.write(self.fd, s.encode())

    def close(self):
        try:
            self.send("\x04")
            end = time.time() + 10
            while time.time() < end:
                pid, _ = os.waitpid(self.pid, os.WNOHANG)
                if pid:
                    return
                try:
                    r, _, _ = select.select([self.fd], [], [], 0.1)
                    if r:
                        os.read(self.fd, 65536)
                except OSError:
                    pass
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        finally:
            os.close(self.fd)


def repl_env(binary, **extra):
    env = dict(os.environ, HOME=tempfile.mkdtemp(prefix="sable-plot-home-"), TERM="xterm")
    for k in ("DISPLAY", "WAYLAND_DISPLAY", "SABLE_PLOT_TERM", "COLORTERM"):
        env.pop(k, None)
    env.update(extra)
    return env


PLOT = "plt.plot([0, 1, 2, 3], [0, 1, 4, 9], label='squares'); plt.title('tty'); plt.show()\n"


def t_text_sized_to_window(binary):
    r = Repl(binary, repl_env(binary), cols=100, rows=30)
    try:
        r.read_until(">>> ")
        r.send("import matplotlib.pyplot as plt\n")
        r.read_until(">>> ")
        r.send(PLOT)
        out = r.read_until(">>> ").decode("utf-8", "replace")
    finally:
        r.close()
    assert "\x1bP" not in out, "sixel sent to a terminal that has none"
    text = ANSI.sub("", out).replace("\r", "")
    lines = [ln for ln in text.split("\n")[1:-1]]
    assert "tty" in text and "squares" in text, text[-500:]
    width = max(len(ln.rstrip()) for ln in lines)
    assert 80 <= width <= 100, f"widest line {width} columns in a 100-column window"
    assert 24 <= len(lines) <= 30, f"{len(lines)} lines in a 30-row window"
    assert any(ch in text for ch in "*+#"), "no curve drawn"


def t_sixel_when_supported(binary):
    r = Repl(binary, repl_env(binary), cols=100, rows=30, answer_da=b"\x1b[?62;4;22c")
    try:
        r.read_until(">>> ")
        r.send("import matplotlib.pyplot as plt\n")
        r.read_until(">>> ")
        r.send(PLOT)
        out = r.read_until(">>> ")
    finally:
        r.close()
    assert r.queried, "the terminal was not asked for its attributes"
    start = out.find(b"\x1bP")
    assert start >= 0, f"no sixel image: {out[:200]!r}"
    end = out.find(b"\x1b\\", start)
    assert end > start, "unterminated sixel image"
    body = out[start:end]
    assert b"q" in body[:20] and body.count(b"#") > 10 and len(body) > 2000, len(body)


def t_window_with_display(binary):
    tmp = tempfile.mkdtemp(prefix="sable-plot-win-")
    log = os.path.join(tmp, "commands.log")
    fake = os.path.join(tmp, "gnuplot")
    real = shutil.which("gnuplot")
    # a gnuplot that claims an x11 terminal and draws that window as text instead
    with open(fake, "w") as f:
        f.write("#!/bin/sh\n"
                f"tee -a '{log}' | sed -u -e 's/^print GPVAL_TERMINALS$/print GPVAL_TERMINALS.\" x11\"/'"
                " -e 's/^set terminal x11 .*/set terminal dumb size 60,20/'"
                f" | exec '{real}' \"$@\"\n")
    os.chmod(fake, 0o755)
    r = Repl(binary, repl_env(binary, DISPLAY=":99", SABLE_GNUPLOT=fake), cols=100, rows=30)
    try:
        r.read_until(">>> ")
        r.send("import matplotlib.pyplot as plt\n")
        r.read_until(">>> ")
        r.send(PLOT)
        out = r.read_until(">>> ")
        r.send("print(plt.get_fignums())\n")
        out2 = r.read_until(">>> ")
    finally:
        r.close()
        cmds = open(log).read() if os.path.exists(log) else ""
        shutil.rmtree(tmp, ignore_errors=True)
    assert re.search(r"^set terminal x11 1 size 640,480", cmds, re.M), cmds[:300]
    shown = ANSI.sub("", out.decode("utf-8", "replace")).replace("\r", "").split("\n")
    assert b"\x1bP" not in out and len(shown) <= 3, f"drawn in the terminal too: {shown[:5]}"
    assert b"[]" in out2, out2


def t_ctrl_c_stops_plot(binary):
    tmp = tempfile.mkdtemp(prefix="sable-plot-int-")
    r = Repl(binary, repl_env(binary), cols=100, rows=30)
    try:
        r.read_until(">>> ")
        r.send("import numpy as np; import matplotlib.pyplot as plt\n")
        r.read_until(">>> ")
        r.send("x = np.sin(np.arange(3000000.0)); plt.scatter(x, x[::-1])\n")
        r.read_until(">>> ")
        t0 = time.time()
        r.send(f"plt.savefig('{tmp}/big.svg')\n")
        r.read_until("savefig")
        time.sleep(1.0)
        os.kill(r.pid, signal.SIGINT)
        out = r.read_until(">>> ", timeout=30).decode("utf-8", "replace")
        took = time.time() - t0
        r.send(f"plt.close('all'); plt.plot([1, 2]); plt.savefig('{tmp}/after.png'); print('after', 6 * 7)\n")
        out2 = r.read_until(">>> ", timeout=60).decode("utf-8", "replace")
    finally:
        r.close()
        ok_png = os.path.exists(os.path.join(tmp, "after.png"))
        shutil.rmtree(tmp, ignore_errors=True)
    assert "KeyboardInterrupt" in out, out[-300:]
    assert took < 20, f"the interrupt took {took:.1f} s"
    assert "after 42" in out2 and ok_png, out2[-300:]


def run(binary, code, env=None, cwd=None):
    p = subprocess.run([binary, "-c", code], capture_output=True, text=True, timeout=120,
                       env=env, cwd=cwd, stdin=subprocess.DEVNULL)
    return p.returncode, p.stdout, p.stderr


def t_gnuplot_error_is_exception(binary):
    code = """
import matplotlib.pyplot as plt
try:
    plt.gnuplot("plot sin(x) with nonsense")
except RuntimeError as e:
    print("caught:", e)
print(plt.gnuplot("print 6*7").strip())
"""
    rc, out, err = run(binary, code)
    assert rc == 0, err
    assert "caught: gnuplot error:" in out and "nonsense" not in out.split("caught:")[0], out
    assert out.strip().endswith("42"), out


def t_killed_gnuplot_restarts(binary):
    tmp = tempfile.mkdtemp(prefix="sable-plot-kill-")
    code = """
import matplotlib.pyplot as plt
plt.plot([1, 2, 3])
plt.savefig("a.png")
pid1 = plt.gnuplot("print system('echo $PPID')").strip()
try:
    plt.gnuplot("system 'kill -9 $PPID'")
except RuntimeError as e:
    print("died:", e)
plt.savefig("b.png")
pid2 = plt.gnuplot("print system('echo $PPID')").strip()
print("restarted", pid1 != pid2)
"""
    try:
        rc, out, err = run(binary, code, cwd=tmp)
        assert rc == 0, err
        assert "restarted True" in out, out
        for name in ("a.png", "b.png"):
            data = open(os.path.join(tmp, name), "rb").read()
            assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 5000, name
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def t_second_plot_same_gnuplot(binary):
    code = """
import matplotlib.pyplot as plt
plt.plot([1, 2, 3]); plt.savefig("/dev/null", format="png")
pid1 = plt.gnuplot("print system('echo $PPID')").strip()
plt.figure(); plt.plot([3, 2, 1]); plt.savefig("/dev/null", format="png")
print("same", pid1 == plt.gnuplot("print system('echo $PPID')").strip(), pid1.isdigit())
"""
    rc, out, err = run(binary, code)
    assert rc == 0 and "same True True" in out, (out, err)


def main():
    if not shutil.which("gnuplot"):
        report("SKIP", "plot_terminal", "gnuplot is not installed")
        return 0
    builds = []
    if os.access(SABLE, os.X_OK):
        builds.append(("", SABLE))
    if SABLE_ASAN and os.access(SABLE_ASAN, os.X_OK):
        builds.append(("asan_", SABLE_ASAN))
    if not builds:
        report("SKIP", "plot_terminal", f"{SABLE} is not built")
        return 0
    cases = [("repl_show_text_sized_to_window", t_text_sized_to_window),
             ("repl_show_sixel", t_sixel_when_supported),
             ("repl_show_window_with_display", t_window_with_display),
             ("repl_ctrl_c_stops_plot", t_ctrl_c_stops_plot),
             ("gnuplot_error_is_exception", t_gnuplot_error_is_exception),
             ("killed_gnuplot_restarts", t_killed_gnuplot_restarts),
             ("second_plot_same_gnuplot", t_second_plot_same_gnuplot)]
    for prefix, binary in builds:
        for name, fn in cases:
            try:
                fn(binary)
                report("PASS", prefix + name)
            except Exception as e:  # noqa: BLE001
                report("FAIL", prefix + name, f"{type(e).__name__}: {e}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
