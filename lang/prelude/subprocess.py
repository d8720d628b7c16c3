# subprocess.py - run / call / check_call / check_output / getoutput over fork+exec with pipes in C
# (_sable_posix.spawn, which takes str or bytes input and gives bytes output, decoded here in text
# mode). No Popen: spawn runs the child to its end.
import os
import _sable_posix as _px

__all__ = ['run', 'call', 'check_call', 'check_output', 'getoutput', 'getstatusoutput',
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
