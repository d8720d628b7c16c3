# IPython.py - the IPython layer a notebook expects: get_ipython()'s shell with the magics
# (IPython 8's output formats), shell escapes, and SList; front/ipy.c rewrites cells into calls here.
import sys
import os
import time
import math
import sable._ipython as _ip
import sable._display as _disp
from sable._display import display, update_display, clear_output   # see _disp below

version_info = (8, 12, 0, "")
__version__ = "8.12.0"


class UsageError(Exception):
    pass


def _format_time(timespan, precision=3):
    if timespan >= 60.0:
        parts = [("d", 60 * 60 * 24), ("h", 60 * 60), ("min", 60), ("s", 1)]
        out = []
        leftover = timespan
        for suffix, length in parts:
            value = int(leftover / length)
            if value > 0:
                leftover = leftover % length
                out.append(str(value) + suffix)
            if leftover < 1:
                break
        return " ".join(out)
    units = ["s", "ms", "\u00b5s", "ns"]
    scaling = [1, 1e3, 1e6, 1e9]
    if timespan > 0.0:
        order = min(-int(math.floor(math.log10(timespan)) // 3), 3)
    else:
        order = 3
    return "%.*g %s" % (precision, timespan * scaling[order], units[order])


class TimeitResult:
    """Result of %timeit -o: loops, repeat, best, worst, all_runs, timings, average, stdev."""

    def __init__(self, loops, repeat, best, worst, all_runs, compile_time, precision):
        self.loops = loops
        self.repeat = repeat
        self.best = best
        self.worst = worst
        self.all_runs = all_runs
        self.compile_time = compile_time
        self._precision = precision
        self.timings = [dt / self.loops for dt in all_runs]

    @property
    def average(self):
        return math.fsum(self.timings) / len(self.timings)

    @property
    def stdev(self):
        mean = self.average
        return (math.fsum([(x - mean) ** 2 for x in self.timings]) / len(self.timings)) ** 0.5

    def __str__(self):
        pm = "\u00b1"
        return "{mean} {pm} {std} per loop (mean {pm} std. dev. of {runs} run{run_plural}, {loops:,} loop{loop_plural} each)".format(
            pm=pm, runs=self.repeat, loops=self.loops,
            loop_plural="" if self.loops == 1 else "s",
            run_plural="" if self.repeat == 1 else "s",
            mean=_format_time(self.average, self._precision),
            std=_format_time(self.stdev, self._precision))

    def __repr__(self):
        return "<TimeitResult : " + self.__str__() + ">"


class SList:
    """The lines of a shell command's output (x = !cmd), with IPython's .s .n .l .grep .fields.
    A list in all but type (Sable classes cannot derive from list)."""

    def __init__(self, items=()):
        self._items = list(items)

    def __repr__(self):
        return repr(self._items)

    def __str__(self):
        return str(self._items)

    def __len__(self):
        return len(self._items)

    def __iter__(self):
        return iter(self._items)

    def __getitem__(self, i):
        r = self._items[i]
        return SList(r) if isinstance(i, slice) else r

    def __setitem__(self, i, v):
        self._items[i] = v

    def __contains__(self, x):
        return x in self._items

    def __eq__(self, other):
        if isinstance(other, SList):
            return self._items == other._items
        return self._items == other

    def __add__(self, other):
        return SList(self._items + list(other))

    def __bool__(self):
        return len(self._items) > 0

    def append(self, x):
        self._items.append(x)

    def extend(self, xs):
        self._items.extend(xs)

    def index(self, x):
        return self._items.index(x)

    def count(self, x):
        return self._items.count(x)

    def get_list(self):
        return list(self)

    @property
    def l(self):
        return list(self)

    @property
    def s(self):
        return " ".join(self)

    @property
    def n(self):
        return "\n".join(self)

    @property
    def p(self):
        return [p for p in self if os.path.exists(p)]

    def grep(self, pattern, prune=False, field=None):
        import re
        rx = re.compile(pattern)
        out = []
        for line in self:
            target = line
            if field is not None:
                parts = line.split()
                target = parts[field] if field < len(parts) else ""
            hit = rx.search(target) is not None
            if hit != prune:
                out.append(line)
        return SList(out)

    def fields(self, *fields):
        if len(fields) == 0:
            return SList([line.split() for line in self])
        res = SList()
        for line in self:
            parts = line.split()
            got = []
            for fd in fields:
                if fd < len(parts) and -len(parts) <= fd:
                    got.append(parts[fd])
            if got:
                res.append(" ".join(got))
        return res

    def sort(self, field=None, nums=False):
        if field is None and not nums:
            return SList(sorted(self._items))
        def key(line):
            parts = line.split()
            v = parts[field] if field is not None and field < len(parts) else line
            if nums:
                digits = "".join([c for c in v if c.isdigit()])
                return int(digits) if digits else 0
            return v
        return SList(sorted(list(self), key=key))


class CapturedIO:
    """What %%capture (and IPython.utils.capture.capture_output) collected."""

    def __init__(self, stdout, stderr, outputs=None):
        self._stdout = stdout
        self._stderr = stderr
        self._outputs = outputs if outputs is not None else []

    def __str__(self):
        return self._stdout

    @property
    def stdout(self):
        return self._stdout

    @property
    def stderr(self):
        return self._stderr

    @property
    def outputs(self):
        return [RichOutput(d) for d in self._outputs]

    def show(self):
        if self._stdout:
            sys.stdout.write(self._stdout)
        if self._stderr:
            sys.stderr.write(self._stderr)
        for d in self._outputs:
            RichOutput(d).display()

    def __call__(self):
        self.show()


class RichOutput:
    def __init__(self, data):
        md = data.get("__metadata__")
        self.data = {k: v for k, v in data.items() if k != "__metadata__"}
        self.metadata = md

    def display(self):
        if self.metadata is not None:
            import json
            _disp.display(self.data, raw=True, metadata=json.loads(self.metadata))
        else:
            _disp.display(self.data, raw=True)

    def _repr_mimebundle_(self):
        return self.data


_PROVIDED = ["numpy", "jax", "jax.numpy", "optax", "flax", "keras", "scipy", "matplotlib",
             "tqdm", "IPython", "ipywidgets", "pandas", "sklearn", "torch", "tensorflow"]


def _pip_message(args):
    words = args.split()
    names = [w for w in words[1:] if not w.startswith("-")] if words and words[0] == "install" else []
    have = []
    for name in _PROVIDED:
        try:
            __import__(name)
            have.append(name)
        except Exception:
            pass
    lines = ["Sable has its libraries built in; it does not install Python packages with pip."]
    for name in names:
        base = name.split("==")[0].split(">=")[0].split("[")[0].lower().replace("-", "_")
        if base == "jaxlib" or base == "jax_cuda12_plugin":
            base = "jax"
        if base == "scikit_learn":
            base = "sklearn"
        if base in have or base.replace("_", ".") in have:
            lines.append(base + " is built in: `import " + base + "` works as it is.")
        else:
            lines.append(name + " is not available in Sable.")
    lines.append("Built in: " + ", ".join(have) + " (and Python's standard modules: math, os, re, json, ...).")
    print("\n".join(lines))


def _parse_opts(line, flags, with_value):
    """-x flags (in flags) and -x VALUE options (in with_value); returns (opts, rest)."""
    words = line.split()
    opts = {}
    i = 0
    while i < len(words) and words[i].startswith("-") and len(words[i]) > 1:
        w = words[i]
        name = w[1:]
        if name in with_value:
            if i + 1 >= len(words):
                raise UsageError("option -" + name + " requires argument ( allowed: \"" + "".join(sorted(flags + with_value)) + "\" )")
            opts[name] = words[i + 1]
            i += 2
        elif len(name) > 1 and name[0] in with_value:
            opts[name[0]] = name[1:]
            i += 1
        elif name in flags:
            opts[name] = True
            i += 1
        else:
            raise UsageError("option -" + name + " not recognized ( allowed: \"" + "".join(sorted(flags + with_value)) + "\" )")
    # the rest keeps its own spacing
    rest = line
    for k in range(i):
        rest = rest.lstrip()
        rest = rest[len(words[k]):]
    return opts, rest.strip()


def _indent(text, n):
    pad = " " * n
    lines = text.split("\n")
    return "\n".join([pad + l for l in lines])


_HIDDEN = {"In", "Out", "get_ipython", "exit", "quit"}


class ExecutionInfo:
    """The arguments of a run_cell call (IPython.core.interactiveshell.ExecutionInfo)."""

    def __init__(self, raw_cell, store_history, silent, shell_futures, cell_id):
        self.raw_cell = raw_cell
        self.store_history = store_history
        self.silent = silent
        self.shell_futures = shell_futures
        self.cell_id = cell_id

    def __repr__(self):
        raw_cell = (self.raw_cell[:50] + "..") if len(self.raw_cell) > 52 else self.raw_cell
        return '<%s object at %x, raw_cell="%s" store_history=%s silent=%s shell_futures=%s cell_id=%s>' % (
            self.__class__.__qualname__, id(self), raw_cell, self.store_history, self.silent,
            self.shell_futures, self.cell_id)


class ExecutionResult:
    """What run_cell returns: the value of the last expression and the error, if any."""

    def __init__(self, info):
        self.execution_count = None
        self.error_before_exec = None
        self.error_in_exec = None
        self.info = info
        self.result = None

    @property
    def success(self):
        return (self.error_before_exec is None) and (self.error_in_exec is None)

    def raise_error(self):
        """Reraises the error that happened, if any."""
        if self.error_before_exec is not None:
            raise self.error_before_exec
        if self.error_in_exec is not None:
            raise self.error_in_exec

    def __repr__(self):
        return "<%s object at %x, execution_count=%s error_before_exec=%s error_in_exec=%s info=%s result=%s>" % (
            self.__class__.__qualname__, id(self), self.execution_count, self.error_before_exec,
            self.error_in_exec, repr(self.info), repr(self.result))


class Config(dict):
    """traitlets' Config as far as code reads it: a dict whose sections are attributes
    (`'IPKernelApp' in get_ipython().config` tells a notebook kernel from a terminal)."""

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        if name not in self:
            self[name] = Config()
        return self[name]

    def __setattr__(self, name, value):
        self[name] = value


def _exc_from(exc_tuple):
    """(etype, value, tb) from exc_tuple, else the exception being handled, else sys.last_*;
    ValueError when there is none (IPython's _get_exc_info). Sets sys.last_*."""
    if exc_tuple is None:
        etype, value, tb = sys.exc_info()
    else:
        etype, value, tb = exc_tuple
    if etype is None and getattr(sys, "last_type", None) is not None:
        etype, value, tb = sys.last_type, sys.last_value, sys.last_traceback
    if etype is None:
        raise ValueError("No exception to find")
    if value is None:
        value = etype()
    sys.last_type = etype
    sys.last_value = value
    sys.last_traceback = tb
    return etype, value, tb


def _show(etype, value, tb, stb):
    """An error message to the front end (the kernel's format); stderr where there is none.
    stb: the traceback lines to show, None for value's own traceback (tb when given)."""
    sys.stdout.flush()
    sys.stderr.flush()
    import comm as _comm
    saved = value.__traceback__
    if tb is not None and tb is not saved:
        value.__traceback__ = tb
    try:
        if _comm._native.show_traceback(value, stb):
            return
        if stb is None:
            import traceback
            traceback.print_exception(etype, value, value.__traceback__)
        else:
            sys.stderr.write("\n".join(stb) + "\n")
    finally:
        value.__traceback__ = saved


def _sable_custom_exc(exc):
    """Called by the session (lang/core/sb.c) with a cell's uncaught exception: True when a
    handler of set_custom_exc took it (the cell still fails, nothing more is shown)."""
    sh = _shell
    if sh is None or not sh.custom_exceptions or not isinstance(exc, sh.custom_exceptions):
        return False
    sys.last_type = type(exc)
    sys.last_value = exc
    sys.last_traceback = exc.__traceback__
    sh.CustomTB(type(exc), exc, exc.__traceback__)
    return True


class InteractiveShell:
    """The shell behind get_ipython(): magics, shell commands, the user's namespace."""

    def __init__(self):
        self._line_magics = {
            "time": self._m_time, "timeit": self._m_timeit, "matplotlib": self._m_matplotlib,
            "config": self._m_config, "who": self._m_who, "who_ls": self._m_who_ls,
            "whos": self._m_whos, "reset": self._m_reset, "pwd": self._m_pwd, "cd": self._m_cd,
            "env": self._m_env, "run": self._m_run, "load_ext": self._m_load_ext,
            "reload_ext": self._m_load_ext, "autoreload": self._m_nothing, "aimport": self._m_nothing,
            "precision": self._m_precision, "xmode": self._m_xmode, "pip": self._m_pip,
            "conda": self._m_pip, "pinfo": self._m_pinfo, "pinfo2": self._m_pinfo2,
            "lsmagic": self._m_lsmagic, "ls": self._m_ls, "system": self._m_sx, "sx": self._m_sx,
            "autosave": self._m_nothing, "load": self._m_load,
            "store": self._m_nothing}
        self._cell_magics = {
            "time": self._m_time, "timeit": self._m_timeit, "writefile": self._c_writefile,
            "capture": self._c_capture, "bash": self._c_bash, "sh": self._c_sh,
            "script": self._c_script, "html": self._c_html, "HTML": self._c_html,
            "markdown": self._c_markdown, "latex": self._c_latex, "javascript": self._c_js,
            "js": self._c_js, "svg": self._c_svg}
        self._oldpwd = None
        self.extension_manager = None
        self.custom_exceptions = ()
        self.CustomTB = None
        self.config = Config()
        if _ip.frontend() == "kernel":
            self.config["IPKernelApp"] = Config()

    # ---- the public surface --------------------------------------------------------------
    @property
    def user_ns(self):
        return _ip.user_ns()

    @property
    def user_global_ns(self):
        return _ip.user_ns()

    def push(self, variables, interactive=True):
        """Bind names in the user's namespace: a dict, or names (a str of names separated by
        spaces, a list or tuple) looked up in the caller's frame."""
        if isinstance(variables, dict):
            vdict = variables
        elif isinstance(variables, (str, list, tuple)):
            vlist = variables.split() if isinstance(variables, str) else variables
            vdict = {}
            cf = sys._getframe(1)
            for name in vlist:
                try:
                    vdict[name] = eval(name, cf.f_globals, cf.f_locals)
                except Exception:
                    print("Could not get variable %s from %s" % (name, cf.f_code.co_name))
        else:
            raise ValueError("variables must be a dict/str/list/tuple")
        for k in vdict:
            _ip.set_user(k, vdict[k])

    def del_var(self, varname, by_name=False):
        """Delete a variable from the user's namespace (by_name: only that name, else every
        name bound to the same object)."""
        if varname in ("__builtin__", "__builtins__"):
            raise ValueError("Refusing to delete %s" % varname)
        ns = _ip.user_ns()
        if by_name:
            if varname not in ns:
                raise NameError("name '%s' is not defined" % varname)
            _ip.del_user(varname)
            return
        if varname not in ns:
            raise NameError("name '%s' is not defined" % varname)
        obj = ns[varname]
        for name in [n for n in list(ns.keys()) if ns[n] is obj]:
            _ip.del_user(name)

    # ---- tracebacks ------------------------------------------------------------------------
    def get_exception_only(self, exc_tuple=None):
        """The exception that just occurred, without its traceback (ends with a newline)."""
        import traceback
        etype, value, tb = _exc_from(exc_tuple)
        return "".join(traceback.format_exception_only(etype, value))

    def show_usage_error(self, exc):
        print("UsageError: %s" % exc, file=sys.stderr)

    def showtraceback(self, exc_tuple=None, filename=None, tb_offset=None, exception_only=False,
                      running_compiled_code=False):
        """Show the exception being handled (or exc_tuple, or the last one): in a notebook an
        error message that does not fail the cell; elsewhere its traceback on stderr."""
        try:
            etype, value, tb = _exc_from(exc_tuple)
        except ValueError:
            print("No traceback available to show.", file=sys.stderr)
            return
        if isinstance(etype, type) and issubclass(etype, UsageError):
            self.show_usage_error(value)
            return
        if not isinstance(value, BaseException):
            print(str(etype.__name__ if isinstance(etype, type) else etype) + ": " + str(value), file=sys.stderr)
            return
        if tb is None:
            tb = value.__traceback__
        if tb_offset:
            for _ in range(tb_offset):
                if tb is None or tb.tb_next is None:
                    break
                tb = tb.tb_next
        stb = None
        if exception_only:
            import traceback
            stb = ["An exception has occurred, use %tb to see the full traceback.\n"]
            stb.extend(traceback.format_exception_only(etype, value))
        elif hasattr(value, "_render_traceback_"):
            try:
                stb = value._render_traceback_()
            except Exception:
                print("Unexpected exception formatting exception. Falling back to standard exception")
                import traceback
                traceback.print_exc()
                return
        self._showtraceback(etype, value, stb, tb)

    def _showtraceback(self, etype, evalue, stb, tb=None):
        _show(etype, evalue, tb, stb)

    def showsyntaxerror(self, filename=None, running_compiled_code=False):
        """Show the SyntaxError being handled (the traceback as the kernel formats one)."""
        try:
            etype, value, tb = _exc_from(None)
        except ValueError:
            print("No traceback available to show.", file=sys.stderr)
            return
        self._showtraceback(etype, value, None, tb)

    def set_custom_exc(self, exc_tuple, handler):
        """Call handler(shell, etype, value, tb, tb_offset=None) for the exceptions in exc_tuple
        that escape a cell (or run_cell) instead of showing them; a handler that fails is
        unregistered. handler None: a basic one that prints what it got."""
        if not isinstance(exc_tuple, tuple):
            raise TypeError("The custom exceptions must be given as a tuple.")

        def dummy_handler(self, etype, value, tb, tb_offset=None):
            print("*** Simple custom exception handler ***")
            print("Exception type :", etype)
            print("Exception value:", value)
            print("Traceback      :", tb)

        def validate_stb(stb):
            msg = "CustomTB must return list of strings, not %r" % (stb,)
            if stb is None:
                return []
            elif isinstance(stb, str):
                return [stb]
            elif not isinstance(stb, list):
                raise TypeError(msg)
            for line in stb:
                if not isinstance(line, str):
                    raise TypeError(msg)
            return stb

        if handler is None:
            wrapped = dummy_handler
        else:
            def wrapped(self, etype, value, tb, tb_offset=None):
                try:
                    stb = handler(self, etype, value, tb, tb_offset=tb_offset)
                    return validate_stb(stb)
                except Exception:
                    import traceback
                    self.set_custom_exc((), None)
                    print("Custom TB Handler failed, unregistering", file=sys.stderr)
                    e2 = sys.exc_info()[1]
                    print("".join(traceback.format_exception(type(e2), e2, e2.__traceback__)))
                    print("The original exception:")
                    stb = traceback.format_exception(etype, value, tb)
                    print("".join(stb))
                    return stb
        shell = self

        def custom_tb(etype, value, tb, tb_offset=None):   # bound to the shell, as a method
            return wrapped(shell, etype, value, tb, tb_offset=tb_offset)
        self.CustomTB = custom_tb
        self.custom_exceptions = exc_tuple

    @classmethod
    def instance(cls, *args, **kwargs):
        """The running shell (traitlets' SingletonConfigurable.instance)."""
        return get_ipython()

    @classmethod
    def initialized(cls):
        return True

    def enable_matplotlib(self, gui=None):
        """%matplotlib gui: every backend draws inline; returns (gui, backend) as IPython."""
        self.run_line_magic("matplotlib", gui or "")
        g = gui or "inline"
        return (g, "module://matplotlib_inline.backend_inline" if g == "inline" else g)

    # ---- the kernel ------------------------------------------------------------------------
    def get_parent(self):
        """The request being answered (its header under "header"), as ipykernel's shell."""
        import json
        import comm as _comm
        h = _comm._native.parent_header()
        if h is None:
            return {}
        header = json.loads(h)
        return {"header": header, "msg_id": header.get("msg_id"),
                "msg_type": header.get("msg_type")}

    def run_line_magic(self, magic_name, line, _stack_depth=1):
        f = self._line_magics.get(magic_name)
        if f is None:
            extra = ""
            if magic_name in self._cell_magics:
                extra = " (But cell magic `%%" + magic_name + "` exists, did you mean that instead?)"
            raise UsageError("Line magic function `%" + magic_name + "` not found" + extra + ".")
        if magic_name in ("time", "timeit"):
            return f(line, None)
        return f(line)

    def run_cell_magic(self, magic_name, line, cell):
        f = self._cell_magics.get(magic_name)
        if f is None:
            extra = ""
            if magic_name in self._line_magics:
                extra = " (But line magic `%" + magic_name + "` exists, did you mean that instead?)"
            raise UsageError("Cell magic `%%" + magic_name + "` not found" + extra + ".")
        return f(line, cell)

    def find_line_magic(self, name):
        return self._line_magics.get(name)

    def find_cell_magic(self, name):
        return self._cell_magics.get(name)

    def register_magic_function(self, func, magic_kind="line", magic_name=None):
        name = magic_name if magic_name is not None else func.__name__
        if magic_kind in ("line", "line_cell"):
            self._line_magics[name] = func
        if magic_kind in ("cell", "line_cell"):
            self._cell_magics[name] = func

    def _expand(self, cmd):
        """IPython's var_expand: {expr} and $name from the user's namespace ($$ is a $)."""
        out = ""
        i = 0
        n = len(cmd)
        while i < n:
            c = cmd[i]
            if c == "$" and i + 1 < n and cmd[i + 1] == "$":
                out += "$"
                i += 2
            elif c == "$" and i + 1 < n and (cmd[i + 1].isalpha() or cmd[i + 1] == "_"):
                j = i + 1
                while j < n and (cmd[j].isalnum() or cmd[j] == "_"):
                    j += 1
                name = cmd[i + 1:j]
                ns = _ip.user_ns()
                if name in ns:
                    out += str(ns[name])
                else:
                    out += cmd[i:j]
                i = j
            elif c == "{" and i + 1 < n and cmd[i + 1] != "{":
                j = cmd.find("}", i)
                if j < 0:
                    out += cmd[i:]
                    break
                try:
                    out += str(_ip.run(cmd[i + 1:j], "eval", "<expand>"))
                except Exception:
                    out += cmd[i:j + 1]
                i = j + 1
            elif c == "{" and i + 1 < n and cmd[i + 1] == "{":
                out += "{"
                i += 2
            elif c == "}" and i + 1 < n and cmd[i + 1] == "}":
                out += "}"
                i += 2
            else:
                out += c
                i += 1
        return out

    def _is_pip(self, cmd):
        w = cmd.split()
        if not w:
            return None
        if w[0] in ("pip", "pip3", "conda", "mamba") and len(w) > 1:
            return " ".join(w[1:])
        if len(w) > 3 and w[0].startswith("python") and w[1] == "-m" and w[2] == "pip":
            return " ".join(w[3:])
        return None

    def system(self, cmd):
        cmd = self._expand(cmd)
        pip = self._is_pip(cmd)
        if pip is not None and pip.split()[0] in ("install", "uninstall"):
            _pip_message(pip)
            _ip.set_user("_exit_code", 0)
            return None
        rc = _ip.system(cmd)
        _ip.set_user("_exit_code", rc)
        return None

    system_raw = system

    def getoutput(self, cmd, split=True, depth=0):
        cmd = self._expand(cmd)
        pip = self._is_pip(cmd)
        if pip is not None and pip.split()[0] in ("install", "uninstall"):
            _pip_message(pip)
            return SList()
        text, rc = _ip.getoutput(cmd)
        _ip.set_user("_exit_code", rc)
        if not split:
            return text
        return SList(text.splitlines())

    def ev(self, expr):
        """Evaluate an expression in the user's namespace and return its value."""
        return _ip.run(expr, "eval", "<ev>")

    def ex(self, cmd):
        """Execute statements in the user's namespace."""
        _ip.run(cmd, "exec", "<ex>")

    def run_cell(self, raw_cell, store_history=False, silent=False, shell_futures=True,
                 cell_id=None):
        """Run Python source in the user's namespace as a cell: the last expression's value is
        shown (unless silent) and returned in the ExecutionResult; an exception is shown
        (or given to set_custom_exc's handler) and recorded, not raised; silent: nothing shown
        and no result. IPython syntax
        (%magic, !cmd) is not translated here."""
        info = ExecutionInfo(raw_cell, store_history, silent, shell_futures, cell_id)
        result = ExecutionResult(info)
        if not raw_cell or raw_cell.isspace():
            return result
        try:
            if silent:   # no displayhook: nothing shown, no result (as IPython)
                _ip.run(raw_cell, "exec", "<cell>")
            else:
                result.result = _ip.run(raw_cell, "single", "<cell>")
                if result.result is not None:
                    _disp.echo_result(result.result)
        except SyntaxError as e:
            result.error_before_exec = e
            self.showsyntaxerror()
        except BaseException as e:
            result.error_in_exec = e
            if self.custom_exceptions and isinstance(e, self.custom_exceptions):
                self.CustomTB(type(e), e, e.__traceback__)
            else:
                self.showtraceback()
        return result

    # ---- line magics ---------------------------------------------------------------------
    def _m_nothing(self, line, cell=None):
        return None

    def _m_time(self, line, cell=None):
        src = line if cell is None else cell
        if cell is not None and line.strip():
            raise UsageError("%%time takes no arguments on its first line; put the code in the cell")
        if not src.strip():
            return None
        t0 = _ip.cpu_times()
        w0 = time.perf_counter()
        out = _ip.run(src, "single", "<timed exec>")
        w1 = time.perf_counter()
        t1 = _ip.cpu_times()
        cpu_user = t1[0] - t0[0]
        cpu_sys = t1[1] - t0[1]
        print("CPU times: user " + _format_time(cpu_user) + ", sys: " + _format_time(cpu_sys) +
              ", total: " + _format_time(cpu_user + cpu_sys))
        print("Wall time: " + _format_time(w1 - w0))
        return out

    def _m_timeit(self, line, cell=None):
        opts, stmt = _parse_opts(line, "oqtc", "nrp")
        setup = "pass"
        if cell is not None:
            setup = stmt if stmt else "pass"
            stmt = cell
        if not stmt.strip():
            return None
        number = int(opts.get("n", 0))
        repeat = int(opts.get("r", 7))
        precision = int(opts.get("p", 3))
        name = "__sable_timeit_inner"
        src = ("def " + name + "(_it, _timer):\n" + _indent(setup, 4) + "\n    _t0 = _timer()\n" +
               "    for _i in _it:\n" + _indent(stmt, 8) + "\n        pass\n" +
               "    _t1 = _timer()\n    return _t1 - _t0\n")
        tc0 = time.perf_counter()
        _ip.run(src, "exec", "<magic-timeit>")
        tc = time.perf_counter() - tc0
        inner = _ip.user_ns()[name]
        _ip.del_user(name)
        timer = time.perf_counter
        if number == 0:
            for index in range(0, 10):
                number = 10 ** index
                if inner(range(number), timer) >= 0.2:
                    break
        all_runs = [inner(range(number), timer) for _ in range(repeat)]
        best = min(all_runs) / number
        worst = max(all_runs) / number
        result = TimeitResult(number, repeat, best, worst, all_runs, tc, precision)
        if not opts.get("q"):
            if worst > 4 * best and best > 0 and worst > 1e-6:
                print("The slowest run took %0.2f times longer than the fastest. This could mean that an intermediate result is being cached." % (worst / best))
            print(str(result))
            if tc > 0.1:
                print("Compiler time: %.2f s" % tc)
        if opts.get("o"):
            return result
        return None

    def _m_matplotlib(self, line):
        gui = line.strip().split()[0] if line.strip() else "inline"
        known = ["inline", "notebook", "nbagg", "widget", "ipympl", "agg", "auto", "gtk", "gtk3",
                 "gtk4", "osx", "macosx", "qt", "qt4", "qt5", "qt6", "tk", "wx", "svg", "pdf", "ps"]
        if gui == "--list" or gui == "-l":
            print("Available matplotlib backends: " + str(known))
            return None
        if gui not in known:
            raise KeyError(gui)
        # every backend draws as the inline one does: PNG after each cell
        return None

    def _m_config(self, line):
        text = line.strip()
        if not text:
            print("Available objects for config:\n    InlineBackend\n    InteractiveShell\n    PlainTextFormatter\n    HistoryManager")
            return None
        if "=" not in text:
            return None
        lhs, rhs = text.split("=", 1)
        lhs = lhs.strip()
        value = _ip.run(rhs.strip(), "eval", "<config>")
        if lhs == "InlineBackend.figure_format" or lhs == "InlineBackend.figure_formats":
            import matplotlib
            if not isinstance(value, str):
                value = list(value)
            matplotlib.rcParams["figure.format"] = value
        return None

    def _user_names(self, line=""):
        ns = _ip.user_ns()
        types = line.split()
        names = []
        for k in sorted(ns.keys()):
            if k.startswith("_") or k in _HIDDEN:
                continue
            if types and type(ns[k]).__name__ not in types:
                continue
            names.append(k)
        return names, ns

    def _listed_names(self, line):
        # %who's and %whos's names; where there are none, they say so
        names, ns = self._user_names(line)
        if not names:
            print("No variables match your requested type." if line.strip()
                  else "Interactive namespace is empty.")
        return names, ns

    def _m_who_ls(self, line):
        return self._user_names(line)[0]

    def _m_who(self, line):
        names, ns = self._listed_names(line)
        if not names:
            return None
        out = ""
        count = 0
        for n in names:
            out += n + "\t "
            count += 1
            if count > 8:
                count = 0
                out += "\n"
        print(out)
        return None

    def _m_whos(self, line):
        names, ns = self._listed_names(line)
        if not names:
            return None
        values = [ns[n] for n in names]
        types = [type(v).__name__ for v in values]
        varwidth = max(max([len(n) for n in names]), len("Variable")) + 3
        typewidth = max(max([len(t) for t in types]), len("Type")) + 3
        print("Variable".ljust(varwidth) + "Type".ljust(typewidth) + " Data/Info\n" +
              "-" * (varwidth + typewidth + len("Data/Info") + 1))
        for i in range(len(names)):
            v = values[i]
            t = types[i]
            head = names[i].ljust(varwidth) + t.ljust(typewidth) + " "
            if t in ("dict", "list", "tuple"):
                print(head + "n=" + str(len(v)))
            elif t in ("ndarray", "Array", "ArrayImpl"):
                shape = str(tuple(v.shape)).replace(",", "").replace(" ", "x")[1:-1]
                size = v.size
                nbytes = size * v.itemsize
                msg = "%s: %s elems, type `%s`, %s bytes" % (shape, size, v.dtype, nbytes)
                if nbytes < 100000:
                    print(head + msg)
                elif nbytes < 1048576:
                    print(head + msg + " (%s kb)" % (nbytes / 1024,))
                else:
                    print(head + msg + " (%s Mb)" % (nbytes / 1048576,))
            else:
                try:
                    s = str(v)
                except Exception:
                    s = "<object with id %d (str() failed)>" % id(v)
                s = s.replace("\n", "\\n")
                if len(s) < 50:
                    print(head + s)
                else:
                    print(head + s[:25] + "<...>" + s[-25:])
        return None

    def _m_reset(self, line):
        opts, rest = _parse_opts(line, "fs", "")
        if not opts.get("f"):
            ans = input("Once deleted, variables cannot be recovered. Proceed (y/[n])? ")
            if ans.strip().lower() not in ("y", "yes"):
                print("Nothing done.")
                return None
        names, ns = self._user_names()
        for n in names:
            _ip.del_user(n)
        return None

    def _m_pwd(self, line):
        return os.getcwd()

    def _m_cd(self, line):
        target = line.strip()
        if target.startswith("-q "):
            target = target[3:].strip()
        if target == "":
            target = os.path.expanduser("~")
        elif target == "-":
            if self._oldpwd is None:
                raise UsageError("%cd -: no previous directory")
            target = self._oldpwd
        if len(target) >= 2 and target[0] == target[-1] and target[0] in "'\"":
            target = target[1:-1]
        target = os.path.expanduser(target)
        old = os.getcwd()
        try:
            os.chdir(target)
        except OSError as e:
            print("[Errno 2] No such file or directory: '" + target + "'")
            return None
        self._oldpwd = old
        print(os.getcwd())
        return None

    def _m_env(self, line):
        text = line.strip()
        if not text:
            return dict(os.environ)
        if "=" in text:
            k, v = text.split("=", 1)
            k = k.strip()
            v = v.strip()
        elif " " in text:
            k, v = text.split(" ", 1)
            v = v.strip()
        else:
            if text in os.environ:
                return os.environ[text]
            raise UsageError("Environment does not have key: " + text)
        v = self._expand(v)
        _ip.setenv(k, v)
        os.environ[k] = v
        print("env: " + k + "=" + v)
        return None

    def _m_run(self, line):
        words = line.split()
        while words and words[0].startswith("-"):
            words = words[1:]
        if not words:
            raise UsageError("%run: a file name is required")
        path = os.path.expanduser(words[0])
        if not os.path.exists(path) and os.path.exists(path + ".py"):
            path = path + ".py"
        if not os.path.exists(path):
            raise UsageError("File `'" + path + "'` not found.")
        f = open(path)
        src = f.read()
        f.close()
        old_argv = list(sys.argv)
        sys.argv[:] = [path] + words[1:]
        try:
            _ip.run(src, "exec", path)
        finally:
            sys.argv[:] = old_argv
        return None

    def _m_load(self, line):
        path = line.strip()
        f = open(path)
        src = f.read()
        f.close()
        print(src)
        return None

    def _m_load_ext(self, line):
        name = line.strip()
        if name in ("autoreload", "tensorboard", "google.colab.data_table"):
            return None
        raise ModuleNotFoundError("No module named '" + name + "' (Sable provides no IPython extension of that name; %load_ext autoreload is accepted)")

    def _m_precision(self, line):
        text = line.strip()
        if not text:
            _disp.set_float_format(None)
            return "%r"
        if "%" in text:
            fmt = text
        else:
            try:
                fmt = "%." + str(int(text)) + "f"
            except ValueError:
                raise ValueError("Precision must be int or format string, not " + text)
        _disp.set_float_format(fmt)
        return fmt

    def _m_xmode(self, line):
        mode = line.strip()
        modes = ["Context", "Plain", "Verbose", "Minimal"]
        if not mode:
            mode = "Context"
        for m in modes:
            if m.lower() == mode.lower():
                print("Exception reporting mode: " + m)
                return None
        raise ValueError("Unrecognized mode in FormattedTB: <" + mode + ">\nValid modes: " + str(modes))

    def _m_pip(self, line):
        _pip_message(line)
        return None

    def _m_pinfo(self, line, detail=0):
        name = line.strip()
        try:
            obj = _ip.run(name, "eval", "<pinfo>")
        except Exception:
            print("Object `" + name + "` not found.")
            return None
        print(_ip.help_text(obj))
        return None

    def _m_pinfo2(self, line):
        return self._m_pinfo(line, 1)

    def _m_lsmagic(self, line):
        print("Available line magics:\n" + "  ".join(["%" + k for k in sorted(self._line_magics.keys())]) +
              "\n\nAvailable cell magics:\n" + "  ".join(["%%" + k for k in sorted(self._cell_magics.keys())]))
        return None

    def _m_ls(self, line):
        return self.system("ls " + line)

    def _m_sx(self, line):
        return self.getoutput(line)

    # ---- cell magics ---------------------------------------------------------------------
    def _c_writefile(self, line, cell):
        opts, rest = _parse_opts(line, "a", "")
        path = rest.strip()
        if len(path) >= 2 and path[0] == path[-1] and path[0] in "'\"":
            path = path[1:-1]
        if not path:
            raise UsageError("the following arguments are required: filename")
        path = os.path.expanduser(path)
        exists = os.path.exists(path)
        if opts.get("a"):
            print("Appending to " + path)
            mode = "a"
        else:
            print(("Overwriting " if exists else "Writing ") + path)
            mode = "w"
        f = open(path, mode)
        f.write(cell)
        f.close()
        return None

    def _c_capture(self, line, cell):
        words = line.split()
        out = "--no-stdout" not in words
        err = "--no-stderr" not in words
        disp = "--no-display" not in words
        names = [w for w in words if not w.startswith("-")]
        def body():
            _ip.run(cell, "exec", "<capture>")
        res = _ip.capture(body, out, err, disp)
        io = CapturedIO(res[1], res[2], res[3])
        if names:
            _ip.set_user(names[0], io)
        return None

    def _shell_script(self, shell, cell):
        q = "'" + cell.replace("'", "'\\''") + "'"
        rc = _ip.system(shell + " -c " + q)
        _ip.set_user("_exit_code", rc)
        return None

    def _c_bash(self, line, cell):
        return self._shell_script("/bin/bash", cell)

    def _c_sh(self, line, cell):
        return self._shell_script("/bin/sh", cell)

    def _c_script(self, line, cell):
        shell = line.strip().split()[0] if line.strip() else "/bin/sh"
        return self._shell_script(shell, cell)

    def _c_html(self, line, cell):
        from IPython.display import HTML
        _disp.display(HTML(cell))

    def _c_markdown(self, line, cell):
        from IPython.display import Markdown
        _disp.display(Markdown(cell))

    def _c_latex(self, line, cell):
        from IPython.display import Latex
        _disp.display(Latex(cell))

    def _c_js(self, line, cell):
        from IPython.display import Javascript
        _disp.display(Javascript(cell))

    def _c_svg(self, line, cell):
        from IPython.display import SVG
        _disp.display(SVG(cell))


class _Kernel:
    """ipykernel's kernel object as code reaches it through get_ipython().kernel: the comm
    manager (register_target for comms the front end opens) and the request being answered."""

    def __init__(self, shell):
        self.shell = shell

    @property
    def comm_manager(self):
        import comm
        return comm.get_comm_manager()

    def get_parent(self, channel=None):
        return self.shell.get_parent()


class ZMQInteractiveShell(InteractiveShell):
    """The shell in a notebook kernel (its class name is how libraries tell a notebook)."""
    __module__ = "ipykernel.zmqshell"

    def __init__(self):
        InteractiveShell.__init__(self)
        self.kernel = _Kernel(self)


class TerminalInteractiveShell(InteractiveShell):
    """The shell in the REPL and in scripts."""
    __module__ = "IPython.terminal.interactiveshell"


_shell = None


def get_ipython():
    """The running shell (magics, system, user_ns), as IPython's get_ipython()."""
    global _shell
    if _shell is None:
        _shell = ZMQInteractiveShell() if _ip.frontend() == "kernel" else TerminalInteractiveShell()
    return _shell
