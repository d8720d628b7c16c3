"""The sable REPL in a pseudo-terminal, for the suites that drive it as a person would
(repl_pty.py, ipython_magics.py): start it, read until a prompt, type, wait for the exit."""
import os
import pty
import select
import signal
import time


class Term:
    def __init__(self, binary, home, timeout=10.0):
        pid, fd = pty.fork()
        if pid == 0:
            env = dict(os.environ, HOME=home, TERM="xterm")
            os.execve(binary, [binary], env)
        self.pid, self.fd, self.buf, self.timeout = pid, fd, b"", timeout

    def read_until(self, needle, timeout=None):
        """Read until needle appears after the current mark; returns the text read."""
        end = time.time() + (self.timeout if timeout is None else timeout)
        needle = needle.encode()
        while needle not in self.buf:
            left = end - time.time()
            if left <= 0:
                raise TimeoutError(f"waiting for {needle!r}; got {self.buf[-300:]!r}")
            r, _, _ = select.select([self.fd], [], [], left)
            if r:
                try:
                    data = os.read(self.fd, 4096)
                except OSError:
                    data = b""
                if not data:
                    raise EOFError(f"EOF waiting for {needle!r}; got {self.buf[-300:]!r}")
                self.buf += data
        i = self.buf.index(needle) + len(needle)
        got, self.buf = self.buf[:i], self.buf[i:]
        return got.decode("utf-8", "replace")

    def send(self, s):
        os.write(self.fd, s.encode())

    def wait(self, timeout=10.0):
        """The exit status once the REPL ends by itself, or None after killing it at the timeout."""
        end = time.time() + timeout
        while time.time() < end:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.pid = None
                return status
            try:
                r, _, _ = select.select([self.fd], [], [], 0.1)
                if r:
                    self.buf += os.read(self.fd, 4096)
            except OSError:
                pass
        self.kill()
        return None

    def kill(self):
        if self.pid is None:
            return
        try:
            os.kill(self.pid, signal.SIGKILL)
        except OSError:
            pass
        os.waitpid(self.pid, 0)
        self.pid = None

    def close(self):
        self.kill()
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None
