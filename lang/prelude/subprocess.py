# subprocess.py - run / call / check_call / check_output / getoutput over fork+exec with pipes in C
# and Popen (_sable_posix.spawn runs a child to its end; popen/pump/wait/read/write drive one that
# lives on, its pipes wrapped here as file objects). Text mode decodes here.
import os
import _sable_posix as _px

__all__ = ['Popen', 'run', 'call', 'check_call', 'check_output', 'getoutput', 'getstatusoutput',
           'CompletedProcess', 'CalledProcessError', 'TimeoutExpired', 'SubprocessError',
           'PIPE', 'STDOUT', 'DEVNULL']

PIPE = -1
STDOUT = -2
DEVNULL = -3

_SIGNALS = {1: 'SIGHUP', 2: 'SIGINT', 3: 'SIGQUIT', 4: 'SIGILL', 6: 'SIGABRT', 8: 'SIGFPE',
            9: 'SIGKILL', 11: 'SIGSEGV', 13: 'SIGPIPE', 14: 'SIGALRM', 15: 'SIGTERM'}


class SubprocessError(Exception):
    pass


class CalledProcessError(SubprocessError):
    def __init__(self, returncode, cmd, output=None, stderr=None):
        self.returncode = returncode
        self.cmd = cmd
        self.output = output
        self.stdout = output
        self.stderr = stderr
        self.args = (returncode, cmd)

    def __str__(self):
        if self.returncode and self.returncode < 0:
            n = -self.returncode
            if n in _SIGNALS:
                return "Command '%s' died with <Signals.%s: %d>." % (self.cmd, _SIGNALS[n], n)
            return "Command '%s' died with unknown signal %d." % (self.cmd, n)
        return "Command '%s' returned non-zero exit status %d." % (self.cmd, self.returncode)


class TimeoutExpired(SubprocessError):
    def __init__(self, cmd, timeout, output=None, stderr=None):
        self.cmd = cmd
        self.timeout = timeout
        self.output = output
        self.stdout = output
        self.stderr = stderr
        self.args = (cmd, timeout)

    def __str__(self):
        return "Command '%s' timed out after %s seconds" % (self.cmd, self.timeout)


class CompletedProcess:
    def __init__(self, args, returncode, stdout=None, stderr=None):
        self.args = args
        self.returncode = returncode
        self.stdout = stdout
        self.stderr = stderr

    def __repr__(self):
        a = ['args={!r}'.format(self.args), 'returncode={!r}'.format(self.returncode)]
        if self.stdout is not None:
            a.append('stdout={!r}'.format(self.stdout))
        if self.stderr is not None:
            a.append('stderr={!r}'.format(self.stderr))
        return '{}({})'.format(type(self).__name__, ', '.join(a))

    def check_returncode(self):
        if self.returncode:
            raise CalledProcessError(self.returncode, self.args, self.stdout, self.stderr)


class _Pipe:
    """One end of a pipe to a child: binary, or text (UTF-8 by default) with universal newlines
    on reading; reads go through _sable_posix.read, so Ctrl-C interrupts them."""

    def __init__(self, fd, mode, encoding, errors, translate):
        self._fd = fd
        self.mode = mode
        self._text = 'b' not in mode
        self.encoding = (encoding or 'utf-8') if self._text else None
        self.errors = (errors or 'strict') if self._text else None
        self._translate = translate
        self._buf = b''
        self._eof = False
        self.closed = False

    def fileno(self):
        self._check()
        return self._fd

    def _check(self, what='I/O operation on'):
        if self.closed:
            raise ValueError(what + ' closed file.' if what[0] == 'I' else what + ' closed file')

    def readable(self):
        return self.mode[0] == 'r'

    def writable(self):
        return self.mode[0] == 'w'

    def _need(self, what):
        self._check('write to' if what == 'write' and not self._text else 'I/O operation on')
        ok = self.readable() if what == 'read' else self.writable()
        if not ok:
            import io
            raise io.UnsupportedOperation(what)

    def _fill(self):
        if self._eof:
            return False
        b = _px.read(self._fd, 65536)
        if not b:
            self._eof = True
            return False
        self._buf += b
        return True

    def _decode(self, b, final=True):
        s = b.decode(self.encoding, self.errors)
        if self._translate and '\r' in s:
            s = s.replace('\r\n', '\n').replace('\r', '\n')
        return s

    def _complete(self, n):
        # how many bytes of the buffer's first n end on a whole UTF-8 character (and not on a
        # '\r' whose '\n' may still come)
        b = self._buf
        if self._eof:
            return n
        k = n
        if self.encoding.lower().replace('-', '').replace('_', '') in ('utf8',):
            i = k - 1
            while i >= 0 and i >= k - 4 and (b[i] & 0xC0) == 0x80:
                i -= 1
            if i >= 0 and b[i] >= 0xC0:
                need = 2 if b[i] < 0xE0 else 3 if b[i] < 0xF0 else 4
                if k - i < need:
                    k = i
        if self._translate and k > 0 and b[k - 1] == 13:
            k -= 1
        return k

    def read(self, size=-1):
        self._need('read')
        if size is None or size < 0:
            while self._fill():
                pass
            b, self._buf = self._buf, b''
            return self._decode(b) if self._text else b
        if not self._text:
            while len(self._buf) < size and self._fill():
                pass
            b, self._buf = self._buf[:size], self._buf[size:]
            return b
        while True:
            k = self._complete(len(self._buf))
            s = self._decode(self._buf[:k])
            if len(s) >= size or self._eof:
                break
            self._fill()
        if len(s) <= size:
            self._buf = self._buf[k:]
            return s
        out = s[:size]
        self._buf = out.encode(self.encoding, self.errors) if not self._translate else self._buf
        if self._translate:
            # give back what is beyond size characters, counting a '\r\n' as one
            used = 0
            n = 0
            raw = self._buf[:k].decode(self.encoding, self.errors)
            while n < size:
                if raw[used] == '\r' and used + 1 < len(raw) and raw[used + 1] == '\n':
                    used += 2
                else:
                    used += 1
                n += 1
            self._buf = self._buf[len(raw[:used].encode(self.encoding, self.errors)):]
        else:
            self._buf = self._buf[len(out.encode(self.encoding, self.errors)):]
        return out

    def readline(self, size=-1):
        self._need('read')
        start = 0
        while True:
            i = self._buf.find(b'\n', start)
            j = self._buf.find(b'\r', start) if self._text and self._translate else -1
            if j >= 0 and (i < 0 or j < i):
                if j + 1 < len(self._buf) or self._eof:
                    i = j + 1 if j + 1 < len(self._buf) and self._buf[j + 1] == 10 else j
                elif self._fill():
                    continue
                else:
                    i = j
            if i >= 0:
                line, self._buf = self._buf[:i + 1], self._buf[i + 1:]
                break
            start = len(self._buf)
            if not self._fill():
                line, self._buf = self._buf, b''
                break
        if self._text:
            line = self._decode(line)
        if size is not None and size >= 0 and len(line) > size:
            rest = line[size:]
            line = line[:size]
            self._buf = (rest.encode(self.encoding, self.errors) if self._text else rest) + self._buf
        return line

    def readlines(self, hint=-1):
        out = []
        n = 0
        for line in self:
            out.append(line)
            n += len(line)
            if hint is not None and 0 < hint <= n:
                break
        return out

    def __iter__(self):
        self._need('read')
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def write(self, data):
        self._need('write')
        if self._text:
            if not isinstance(data, str):
                raise TypeError('write() argument must be str, not ' + type(data).__name__)
            b = data.encode(self.encoding, self.errors)
        else:
            if isinstance(data, bytearray):
                data = bytes(data)
            if not isinstance(data, bytes):
                raise TypeError("a bytes-like object is required, not '" + type(data).__name__ + "'")
            b = data
        _px.write(self._fd, b)
        return len(data)

    def writelines(self, lines):
        for x in lines:
            self.write(x)

    def flush(self):
        self._check()

    def isatty(self):
        return False

    def close(self):
        if not self.closed:
            self.closed = True
            _px.close(self._fd)

    def __enter__(self):
        return self

    def __exit__(self, *a):
        self.close()

    def __repr__(self):
        if self._text:
            return "<_io.TextIOWrapper name=%d encoding='%s'>" % (self._fd, self.encoding)
        return '<_io.Buffered%s name=%d>' % ('Reader' if self.readable() else 'Writer', self._fd)


def _spec(v, name):
    if v is None:
        return -4
    if v == PIPE or v == DEVNULL or (v == STDOUT and name == 'stderr'):
        return v
    if isinstance(v, int) and not isinstance(v, bool):
        if v < 0:
            raise ValueError('bad file descriptor for ' + name + ': ' + repr(v))
        return v
    if hasattr(v, 'fileno'):
        if hasattr(v, 'flush'):
            v.flush()
        return v.fileno()
    raise ValueError('subprocess in Sable takes None, PIPE, DEVNULL, a file or a fd as ' + name + ', not ' + repr(v))


class Popen:
    def __init__(self, args, bufsize=-1, executable=None, stdin=None, stdout=None, stderr=None,
                 preexec_fn=None, close_fds=True, shell=False, cwd=None, env=None,
                 universal_newlines=None, startupinfo=None, creationflags=0, restore_signals=True,
                 start_new_session=False, pass_fds=(), *, user=None, group=None, extra_groups=None,
                 encoding=None, errors=None, text=None, umask=-1, pipesize=-1, process_group=None):
        self.args = args
        self.returncode = None
        self.stdin = self.stdout = self.stderr = None
        self._out = [b'', b'']
        self._in_off = 0
        self._input = None
        if preexec_fn is not None:
            raise ValueError('subprocess in Sable has no preexec_fn')
        if text is not None and universal_newlines is not None and bool(universal_newlines) != bool(text):
            raise SubprocessError('Cannot disambiguate when both text and universal_newlines are supplied but different. Pass one or the other.')
        self.text_mode = bool(text or universal_newlines or encoding is not None or errors is not None)
        self.encoding = encoding
        self.errors = errors
        self.universal_newlines = universal_newlines
        argv = _argv(args, shell, executable)
        if executable is not None and not shell:
            argv = [os.fspath(executable)] + argv[1:]
        if cwd is not None:
            cwd = os.fspath(cwd)
        if env is not None:
            env = {os.fspath(k): os.fspath(v) for k, v in env.items()}
        specs = (_spec(stdin, 'stdin'), _spec(stdout, 'stdout'), _spec(stderr, 'stderr'))
        pid, fi, fo, fe = _px.popen(argv, cwd, env, specs[0], specs[1], specs[2])
        self.pid = pid
        mode = '' if self.text_mode else 'b'
        if fi >= 0:
            self.stdin = _Pipe(fi, 'w' + mode, encoding, errors, False)
        if fo >= 0:
            self.stdout = _Pipe(fo, 'r' + mode, encoding, errors, True)
        if fe >= 0:
            self.stderr = _Pipe(fe, 'r' + mode, encoding, errors, True)

    def __repr__(self):
        r = '<Popen: returncode: {} args: {!r}>'.format(self.returncode, self.args)
        return r[:76] + '...>' if len(r) > 80 else r

    def __enter__(self):
        return self

    def __exit__(self, exc_type, value, traceback):
        for f in (self.stdout, self.stderr):
            if f:
                f.close()
        try:
            if self.stdin:
                self.stdin.close()
        finally:
            if exc_type is KeyboardInterrupt:
                # the child had Ctrl-C too in a terminal; give it a moment, then make sure it
                # is gone and reaped
                if self.returncode is None and _px.wait(self.pid, 0.25) is None:
                    self.kill()
                    self.wait()
            else:
                self.wait()

    def poll(self):
        if self.returncode is None:
            self.returncode = _px.wait(self.pid, 0)
        return self.returncode

    def wait(self, timeout=None):
        if self.returncode is not None:
            return self.returncode
        try:
            rc = _px.wait(self.pid, timeout)
        except KeyboardInterrupt:
            rc = _px.wait(self.pid, 0.25)
            if rc is not None:
                self.returncode = rc
            raise
        if rc is None:
            raise TimeoutExpired(self.args, timeout)
        self.returncode = rc
        return rc

    def send_signal(self, sig):
        self.poll()
        if self.returncode is None:
            _px.kill(self.pid, int(sig))

    def terminate(self):
        self.send_signal(15)

    def kill(self):
        self.send_signal(9)

    def _text_out(self, b):
        if b is None or not self.text_mode:
            return b
        s = b.decode(self.encoding or 'utf-8', self.errors or 'strict')
        if '\r' in s:
            s = s.replace('\r\n', '\n').replace('\r', '\n')
        return s

    def communicate(self, input=None, timeout=None):
        if self._input is None and input is not None:
            if self.stdin is None or self.stdin.closed and self._in_off == 0:
                if self.stdin is None:
                    raise ValueError('Cannot send input after starting communication')
            if self.text_mode:
                if not isinstance(input, str):
                    raise TypeError('write() argument must be str, not ' + type(input).__name__)
                input = input.encode(self.encoding or 'utf-8', self.errors or 'strict')
            elif isinstance(input, bytearray):
                input = bytes(input)
            elif not isinstance(input, bytes):
                raise TypeError("memoryview: a bytes-like object is required, not '%s'" % type(input).__name__)
            self._input = input
        if self._input is None:
            self._input = b''
        import time
        deadline = None if timeout is None else time.monotonic() + timeout
        outs = [self.stdout, self.stderr]
        # what a read through the file objects already buffered comes first
        for i in range(2):
            f = outs[i]
            if f is not None and not f.closed and f._buf:
                self._out[i] += f._buf
                f._buf = b''
        while True:
            fi = self.stdin._fd if self.stdin is not None and not self.stdin.closed else -1
            fo = [-1, -1]
            for i in range(2):
                f = outs[i]
                if f is not None and not f.closed and not f._eof:
                    fo[i] = f._fd
            if fi < 0 and fo[0] < 0 and fo[1] < 0:
                break
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            off, o, e, oeof, eeof, late = _px.pump(fi, self._input if fi >= 0 else None, self._in_off,
                                                  fo[0], fo[1], left)
            self._in_off = off
            self._out[0] += o
            self._out[1] += e
            if oeof:
                outs[0]._eof = True
            if eeof:
                outs[1]._eof = True
            if fi >= 0 and off >= len(self._input):
                try:
                    self.stdin.close()
                except OSError:
                    pass
            if late:
                raise TimeoutExpired(self.args, timeout, self._out[0] or None, self._out[1] or None)
        if self.stdin is not None and not self.stdin.closed:
            self.stdin.close()
        res = []
        for i in range(2):
            f = outs[i]
            if f is None:
                res.append(None)
            else:
                res.append(self._text_out(self._out[i]))
                self._out[i] = b''
                f.close()
        left = None if deadline is None else max(0.0, deadline - time.monotonic())
        try:
            self.wait(left)
        except TimeoutExpired:
            raise TimeoutExpired(self.args, timeout, res[0], res[1])
        return res[0], res[1]


def _mode(v, name):
    if v is None:
        return 0
    if v == PIPE:
        return 1
    if v == DEVNULL:
        return 2
    if v == STDOUT and name == 'stderr':
        return 3
    raise ValueError('subprocess in Sable takes None, PIPE, DEVNULL (or STDOUT for stderr) as ' + name + ', not ' + repr(v))


def _argv(args, shell, executable):
    if shell:
        if isinstance(args, (list, tuple)):
            args = [os.fspath(a) for a in args]
            argv = ['/bin/sh', '-c'] + args
        else:
            argv = ['/bin/sh', '-c', os.fspath(args)]
        if executable is not None:
            argv[0] = executable
        return argv
    if isinstance(args, (list, tuple)):
        return [os.fspath(a) for a in args]
    return [os.fspath(args)]


def run(*popenargs, input=None, capture_output=False, timeout=None, check=False, stdin=None,
        stdout=None, stderr=None, shell=False, cwd=None, env=None, text=None, encoding=None,
        errors=None, universal_newlines=None, executable=None, **other):
    if not popenargs:
        if 'args' not in other:
            raise TypeError("run() missing 1 required positional argument: 'args'")
        args = other.pop('args')
    else:
        args = popenargs[0]
    if capture_output:
        if stdout is not None or stderr is not None:
            raise ValueError('stdout and stderr arguments may not be used with capture_output.')
        stdout = PIPE
        stderr = PIPE
    if input is not None and stdin is not None:
        raise ValueError('stdin and input arguments may not both be used.')
    if not all(v is None or v in (PIPE, DEVNULL, STDOUT) for v in (stdin, stdout, stderr)):
        # a file or fd among the streams: a Popen (spawn forwards only inherited ones)
        with Popen(args, stdin=PIPE if input is not None else stdin, stdout=stdout, stderr=stderr,
                   shell=shell, cwd=cwd, env=env, text=text, encoding=encoding, errors=errors,
                   universal_newlines=universal_newlines, executable=executable, **other) as p:
            try:
                out, err = p.communicate(input, timeout=timeout)
            except TimeoutExpired as exc:
                p.kill()
                p.wait()
                raise
            except BaseException:
                p.kill()
                raise
            rc = p.poll()
        if check and rc:
            raise CalledProcessError(rc, args, out, err)
        return CompletedProcess(args, rc, out, err)
    textmode = bool(text or universal_newlines or encoding is not None or errors is not None)
    om = _mode(stdout, 'stdout')
    em = _mode(stderr, 'stderr')
    if input is not None:
        if textmode:
            input = input.encode(encoding or 'utf-8', errors or 'strict')
        elif isinstance(input, bytearray):
            input = bytes(input)
        elif not isinstance(input, bytes):
            raise TypeError("memoryview: a bytes-like object is required, not '%s'" % type(input).__name__)
    if stdin == DEVNULL:
        input = b''
    elif stdin is not None and stdin != PIPE:
        raise ValueError('subprocess in Sable takes None, PIPE or DEVNULL as stdin, not ' + repr(stdin))
    elif stdin == PIPE and input is None:
        input = b''
    argv = _argv(args, shell, executable)
    if cwd is not None:
        cwd = os.fspath(cwd)
    if env is None:
        env = os.environ
    env = {os.fspath(k): os.fspath(v) for k, v in env.items()}
    rc, out, err = _px.spawn(argv, cwd, env, input, om, em, timeout)
    if textmode:
        if out is not None:
            out = out.decode(encoding or 'utf-8', errors or 'strict')
        if err is not None:
            err = err.decode(encoding or 'utf-8', errors or 'strict')
    if textmode and universal_newlines is not False:
        if out is not None and '\r' in out:
            out = out.replace('\r\n', '\n').replace('\r', '\n')
        if err is not None and '\r' in err:
            err = err.replace('\r\n', '\n').replace('\r', '\n')
    if rc == -9223372036854775807 - 1:
        raise TimeoutExpired(args, timeout, out, err)
    if check and rc:
        raise CalledProcessError(rc, args, out, err)
    return CompletedProcess(args, rc, out, err)


def call(*popenargs, timeout=None, **kwargs):
    return run(*popenargs, timeout=timeout, **kwargs).returncode


def check_call(*popenargs, **kwargs):
    run(*popenargs, check=True, **kwargs)
    return 0


def check_output(*popenargs, timeout=None, **kwargs):
    if 'stdout' in kwargs:
        raise ValueError('stdout argument not allowed, it will be overridden.')
    if 'input' in kwargs and kwargs['input'] is None:
        text = kwargs.get('universal_newlines') or kwargs.get('text') or kwargs.get('encoding') or kwargs.get('errors')
        kwargs['input'] = '' if text else b''
    return run(*popenargs, stdout=PIPE, timeout=timeout, check=True, **kwargs).stdout


def getstatusoutput(cmd):
    try:
        r = run(cmd, shell=True, text=True, stdout=PIPE, stderr=STDOUT)
        data = r.stdout
        exitcode = r.returncode
    except CalledProcessError as ex:
        data = ex.output
        exitcode = ex.returncode
    if data[-1:] == '\n':
        data = data[:-1]
    return exitcode, data


def getoutput(cmd):
    return getstatusoutput(cmd)[1]
