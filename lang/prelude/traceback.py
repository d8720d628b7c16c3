# traceback - format_exc, print_exc, format_exception, print_exception, format_exception_only,
# extract_tb/extract_stack (FrameSummary, StackSummary), format_list, print_stack with CPython
# 3.11's text; the native module sable._tb supplies the formatted lines and the frame entries.
# Exceptions carry their entries themselves, so `tb` arguments are accepted and not consulted.
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

def _exc_of(exc, value):
    if value is not None and not isinstance(exc, BaseException):
        return value
    return exc

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

def format_exception(exc, value=None, tb=None, limit=None, chain=True):
    e = _exc_of(exc, value)
    if e is None:
        return ["NoneType: None\n"]
    return _group(_tb.format(e))

def format_exception_only(exc, value=None):
    e = _exc_of(exc, value)
    if e is None:
        return ["NoneType: None\n"]
    lines = _tb.format(e)
    return [lines[-1] + "\n"]

def print_exception(exc, value=None, tb=None, limit=None, file=None, chain=True):
    f = file or sys.stderr
    for s in format_exception(exc, value, tb, limit, chain):
        f.write(s)

def format_exc(limit=None, chain=True):
    return "".join(format_exception(_tb.current(), limit=limit, chain=chain))

def print_exc(limit=None, file=None, chain=True):
    print_exception(_tb.current(), limit=limit, file=file, chain=chain)

def extract_tb(tb, limit=None):
    return StackSummary(_summaries(_tb.extract(tb) if isinstance(tb, BaseException) else [], limit))

def extract_stack(f=None, limit=None):
    return StackSummary(_summaries(_tb.stack(1), limit))

def format_stack(f=None, limit=None):
    return format_list(_summaries(_tb.stack(1), limit))

def print_stack(f=None, limit=None, file=None):
    print_list(_summaries(_tb.stack(1), limit), file)

def format_tb(tb, limit=None):
    return format_list(extract_tb(tb, limit))

def print_tb(tb, limit=None, file=None):
    print_list(extract_tb(tb, limit), file)
