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

    # ---- the public surface --------------------------------------------------------------
    @property
    def user_ns(self):
        return _ip.user_ns()

    def push(self, variables):
        for k in variables:
            _ip.set_user(k, variables[k])

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
        return _ip.run(expr, "eval", "<ev>")

    def ex(self, cmd):
        _ip.run(cmd, "exec", "<ex>")

    def run_cell(self, raw_cell, store_history=False, silent=False):
        return _ip.run(raw_cell, "exec", "<cell>")

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


_shell = None


def get_ipython():
    """The running shell (magics, system, user_ns), as IPython's get_ipython()."""
    global _shell
    if _shell is None:
        _shell = InteractiveShell()
    return _shell
