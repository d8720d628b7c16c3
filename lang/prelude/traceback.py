# traceback - format_exc, print_exc, format_exception, print_exception, format_exception_only,
# extract_tb/extract_stack (FrameSummary, StackSummary), format_tb, walk_tb, walk_stack,
# format_list, print_stack with CPython 3.11's text; the native module sable._tb formats
# exceptions and traceback objects (source lines and ^~~ markers) and extracts their entries.
import sys
import sable._tb as _tb

class FrameSummary:
    def __init__(self, filename, lineno, name, line=None):
        self.filename = filename
        self.lineno = lineno
        self.name = name
        self._line = line

    @property
    def line(self):
        return self._line.strip() if self._line is not None else None

    def __repr__(self):
        return "<FrameSummary file {}, line {} in {}>".format(self.filename, self.lineno, self.name)

    def __iter__(self):
        return iter([self.filename, self.lineno, self.name, self.line])

    def __getitem__(self, i):
        return (self.filename, self.lineno, self.name, self.line)[i]

    def __len__(self):
        return 4

    def __eq__(self, other):
        if isinstance(other, FrameSummary):
            return (self.filename, self.lineno, self.name, self.line) == \
                   (other.filename, other.lineno, other.name, other.line)
        if isinstance(other, tuple):
            return (self.filename, self.lineno, self.name, self.line) == other
        return NotImplemented

def StackSummary(frames):
    # a list (Sable classes cannot derive from list)
    return list(frames)

def _summaries(entries, limit=None):
    out = [FrameSummary(f, n, nm, ln) for f, n, nm, ln in entries]
    if limit is not None:
        out = out[:limit] if limit >= 0 else out[limit:]
    return out

def format_list(extracted_list):
    out = []
    for fs in extracted_list:
        s = '  File "{}", line {}, in {}\n'.format(fs[0], fs[1], fs[2])
        if fs[3]:
            s += "    {}\n".format(fs[3].strip())
        out.append(s)
    return out

def print_list(extracted_list, file=None):
    for s in format_list(extracted_list):
        (file or sys.stderr).write(s)

_sentinel = object()

def _parse(exc, value, tb):
    # (exception, traceback) from the 3.10+ form f(exc) or the old f(type, value, tb)
    if value is _sentinel or (value is None and isinstance(exc, BaseException)):
        if tb is _sentinel:
            return exc, exc
        return exc, tb
    if tb is _sentinel:
        tb = None if value is None else value.__traceback__
    return value, tb

def _group(lines):
    # the lines of one entry belong together: "Traceback ...", each frame with its source
    # lines, each chained-exception separator, the final "Error: msg"
    out = []
    for ln in lines:
        if out and ln.startswith("    ") and out[-1].startswith("  File "):
            out[-1] += ln + "\n"
        else:
            out.append(ln + "\n")
    return out

def format_exception(exc, /, value=_sentinel, tb=_sentinel, limit=None, chain=True):
    e, t = _parse(exc, value, tb)
    if e is None:
        return ["NoneType: None\n"]
    return _group(_tb.format(e, t, limit, chain))

def format_exception_only(exc, /, value=_sentinel):
    e = exc if value is _sentinel else value
    if e is None:
        return ["NoneType: None\n"]
    lines = _tb.format(e, None, None, False)
    return [lines[-1] + "\n"]

def print_exception(exc, /, value=_sentinel, tb=_sentinel, limit=None, file=None, chain=True):
    f = file or sys.stderr
    for s in format_exception(exc, value, tb, limit, chain):
        f.write(s)

def format_exc(limit=None, chain=True):
    return "".join(format_exception(_tb.current(), limit=limit, chain=chain))

def print_exc(limit=None, file=None, chain=True):
    print_exception(_tb.current(), limit=limit, file=file, chain=chain)

def extract_tb(tb, limit=None):
    return StackSummary(_summaries(_tb.extract(tb) if tb is not None else [], limit))

def walk_tb(tb):
    while tb is not None:
        yield tb.tb_frame, tb.tb_lineno
        tb = tb.tb_next

def walk_stack(f):
    if f is None:
        f = sys._getframe().f_back.f_back
    while f is not None:
        yield f, f.f_lineno
        f = f.f_back

def extract_stack(f=None, limit=None):
    return StackSummary(_summaries(_tb.stack(1), limit))

def format_stack(f=None, limit=None):
    return format_list(_summaries(_tb.stack(1), limit))

def print_stack(f=None, limit=None, file=None):
    print_list(_summaries(_tb.stack(1), limit), file)

def format_tb(tb, limit=None):
    return _group(_tb.format_tb(tb, limit)) if tb is not None else []

def print_tb(tb, limit=None, file=None):
    f = file or sys.stderr
    for s in format_tb(tb, limit):
        f.write(s)

def clear_frames(tb):
    pass
