# tqdm.py - progress bars in tqdm 4's text format: `\r`-redrawn on stderr in a terminal, and
# (tqdm.notebook / tqdm.auto in a notebook) an HTML display updated in place by display_id.
import sys
import time
import sable._ipython as _ip

__version__ = "4.66.1"

_BARS = " " + "".join([chr(c) for c in range(0x258F, 0x2587, -1)])


def format_interval(t):
    mins, s = divmod(int(t), 60)
    h, m = divmod(mins, 60)
    if h:
        return "{0:d}:{1:02d}:{2:02d}".format(h, m, s)
    return "{0:02d}:{1:02d}".format(m, s)


def format_sizeof(num, suffix="", divisor=1000):
    for unit in ["", "k", "M", "G", "T", "P", "E", "Z"]:
        if abs(num) < 999.5:
            if abs(num) < 99.95:
                if abs(num) < 9.995:
                    return "{0:1.2f}".format(num) + unit + suffix
                return "{0:2.1f}".format(num) + unit + suffix
            return "{0:3.0f}".format(num) + unit + suffix
        num /= divisor
    return "{0:3.1f}Y".format(num) + suffix


def format_num(n):
    f = "{0:.3g}".format(n).replace("+0", "+").replace("-0", "-")
    n = str(n)
    return f if len(f) < len(n) else n


def _bar(frac, width, ascii=False):
    charset = " 123456789#" if ascii else _BARS
    nsyms = len(charset) - 1
    bar_length, frac_bar_length = divmod(int(frac * width * nsyms), nsyms)
    res = charset[-1] * bar_length
    if bar_length < width:
        res = res + charset[frac_bar_length] + charset[0] * (width - bar_length - 1)
    return res


def format_meter(n, total, elapsed, ncols=None, prefix="", ascii=False, unit="it",
                 unit_scale=False, rate=None, postfix=None, unit_divisor=1000, initial=0):
    if total and n >= (total + 0.5):
        total = None
    if unit_scale and unit_scale not in (True, 1):
        if total:
            total *= unit_scale
        n *= unit_scale
        if rate:
            rate *= unit_scale
        unit_scale = False
    elapsed_str = format_interval(elapsed)
    if rate is None and elapsed:
        rate = (n - initial) / elapsed
    inv_rate = 1 / rate if rate else None
    if rate:
        rate_noinv_fmt = (format_sizeof(rate) if unit_scale else "{0:5.2f}".format(rate)) + unit + "/s"
    else:
        rate_noinv_fmt = "?" + unit + "/s"
    if inv_rate:
        rate_inv_fmt = (format_sizeof(inv_rate) if unit_scale else "{0:5.2f}".format(inv_rate)) + "s/" + unit
    else:
        rate_inv_fmt = "?s/" + unit
    rate_fmt = rate_inv_fmt if inv_rate and inv_rate > 1 else rate_noinv_fmt
    if unit_scale:
        n_fmt = format_sizeof(n, divisor=unit_divisor)
        total_fmt = format_sizeof(total, divisor=unit_divisor) if total is not None else "?"
    else:
        n_fmt = str(n)
        total_fmt = str(total) if total is not None else "?"
    post = ", " + postfix if postfix else ""
    remaining = (total - n) / rate if rate and total else 0
    remaining_str = format_interval(remaining) if rate else "?"
    l_bar = (prefix + ": ") if prefix else ""
    if total:
        frac = n / total
        percentage = frac * 100
        l_bar += "{0:3.0f}%|".format(percentage)
        r_bar = "| {0}/{1} [{2}<{3}, {4}{5}]".format(n_fmt, total_fmt, elapsed_str, remaining_str, rate_fmt, post)
        if ncols == 0:
            return l_bar[:-1] + r_bar[1:]
        width = max(1, ncols - len(l_bar) - len(r_bar)) if ncols else 10
        return l_bar + _bar(frac, width, ascii) + r_bar
    return l_bar + n_fmt + unit + " [" + elapsed_str + ", " + rate_fmt + post + "]"


class tqdm:
    """Decorate an iterable (or count by hand with update()) and draw a progress bar."""

    _instances = []
    monitor_interval = 10

    def __init__(self, iterable=None, desc=None, total=None, leave=True, file=None, ncols=None,
                 mininterval=0.1, maxinterval=10.0, miniters=None, ascii=None, disable=False,
                 unit="it", unit_scale=False, dynamic_ncols=False, smoothing=0.3,
                 bar_format=None, initial=0, position=None, postfix=None, unit_divisor=1000,
                 write_bytes=None, lock_args=None, nrows=None, colour=None, delay=0, gui=False,
                 **kwargs):
        if total is None and iterable is not None:
            try:
                total = len(iterable)
            except Exception:
                total = None
        if total == float("inf"):
            total = None
        self.iterable = iterable
        self.desc = desc or ""
        self.total = total
        self.leave = leave
        self.fp = file
        self.ncols = ncols
        self.mininterval = mininterval
        self.miniters = miniters or 0
        self.ascii = bool(ascii)
        self.disable = disable
        self.unit = unit
        self.unit_scale = unit_scale
        self.unit_divisor = unit_divisor
        self.initial = initial
        self.n = initial
        self.pos = position or 0
        self.postfix = None
        self.bar_format = bar_format
        self.colour = colour
        self.start_t = time.time()
        self.last_print_t = self.start_t
        self.last_print_n = initial
        self._closed = False
        self._last_len = 0
        if postfix is not None:
            self.set_postfix(postfix, refresh=False)
        if not disable:
            tqdm._instances.append(self)
            self._start()

    # ---- drawing (the terminal form; tqdm.notebook overrides _start/_draw/_finish) ---------
    def _start(self):
        self.refresh()

    def _write(self, s):
        fp = self.fp if self.fp is not None else sys.stderr
        fp.write(s)
        if hasattr(fp, "flush"):
            fp.flush()

    def _draw(self, line):
        pad = " " * max(self._last_len - len(line), 0)
        self._last_len = len(line)
        self._write("\r" + line + pad)

    def _finish(self):
        if self.leave:
            self.refresh()
            self._write("\n")
        else:
            self._write("\r" + " " * self._last_len + "\r")

    # ---- the public surface ------------------------------------------------------------
    @property
    def format_dict(self):
        return {"n": self.n, "total": self.total, "elapsed": time.time() - self.start_t,
                "ncols": self.ncols, "prefix": self.desc, "ascii": self.ascii, "unit": self.unit,
                "unit_scale": self.unit_scale, "postfix": self.postfix,
                "unit_divisor": self.unit_divisor, "initial": self.initial}

    def __str__(self):
        d = self.format_dict
        return format_meter(d["n"], d["total"], d["elapsed"], d["ncols"], d["prefix"], d["ascii"],
                            d["unit"], d["unit_scale"], None, d["postfix"], d["unit_divisor"],
                            d["initial"])

    def __repr__(self):
        return self.__str__()

    def __len__(self):
        if self.total is not None:
            return self.total
        return len(self.iterable) if self.iterable is not None else 0

    def __bool__(self):
        return True

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        self.close()
        return False

    def __iter__(self):
        if self.disable:
            for obj in self.iterable:
                yield obj
            return
        for obj in self.iterable:
            yield obj
            self.update(1)
        self.close()

    def refresh(self, nolock=False, lock_args=None):
        if self.disable:
            return
        self._draw(self.__str__())
        self.last_print_n = self.n
        self.last_print_t = time.time()

    def update(self, n=1):
        if self.disable:
            return None
        self.n += n
        if self.n - self.last_print_n >= self.miniters:
            cur_t = time.time()
            if cur_t - self.last_print_t >= self.mininterval:
                self.refresh()
                return True
        return None

    def close(self):
        if self.disable or self._closed:
            return
        self._closed = True
        if self in tqdm._instances:
            tqdm._instances.remove(self)
        self._finish()

    def clear(self, nolock=False):
        if not self.disable:
            self._write("\r" + " " * self._last_len + "\r")

    def reset(self, total=None):
        self.n = 0
        if total is not None:
            self.total = total
        self.start_t = time.time()
        self.last_print_n = 0
        self.last_print_t = self.start_t
        self.refresh()

    def set_description(self, desc=None, refresh=True):
        self.desc = desc or ""
        if refresh:
            self.refresh()

    def set_description_str(self, desc=None, refresh=True):
        self.set_description(desc, refresh)

    def set_postfix(self, ordered_dict=None, refresh=True, **kwargs):
        items = []
        if ordered_dict is not None:
            for k in ordered_dict:
                items.append((k, ordered_dict[k]))
        for k in sorted(kwargs.keys()):
            items.append((k, kwargs[k]))
        parts = []
        for k, v in items:
            if isinstance(v, bool) or not isinstance(v, (int, float)):
                v = str(v)
            else:
                v = format_num(v)
            parts.append(str(k) + "=" + v.strip())
        self.postfix = ", ".join(parts)
        if refresh:
            self.refresh()

    def set_postfix_str(self, s="", refresh=True):
        self.postfix = str(s)
        if refresh:
            self.refresh()

    def display(self, msg=None, pos=None):
        self._draw(msg if msg is not None else self.__str__())

    @classmethod
    def write(cls, s, file=None, end="\n", nolock=False):
        fp = file if file is not None else sys.stdout
        fp.write(s + end)

    @staticmethod
    def format_interval(t):
        return format_interval(t)

    @staticmethod
    def format_sizeof(num, suffix="", divisor=1000):
        return format_sizeof(num, suffix, divisor)

    @staticmethod
    def format_meter(n, total, elapsed, ncols=None, prefix="", ascii=False, unit="it",
                     unit_scale=False, rate=None, postfix=None, unit_divisor=1000, initial=0, **kw):
        return format_meter(n, total, elapsed, ncols, prefix, ascii, unit, unit_scale, rate,
                            postfix, unit_divisor, initial)


def trange(*args, **kwargs):
    """tqdm(range(*args), **kwargs)"""
    return tqdm(range(*args), **kwargs)


class _HtmlBar(tqdm):
    """The notebook form: one display updated in place (by its display_id) as the count moves,
    at most every mininterval seconds, and once more at the end."""

    def _start(self):
        from IPython.display import display
        self._handle = None
        self._html_shown = False
        self.refresh()

    def _html(self, line):
        total = self.total
        pct = 0.0 if not total else min(100.0, 100.0 * self.n / total)
        colour = "#d9534f" if self._closed and total and self.n < total else (self.colour or "#5cb85c" if self._closed else self.colour or "#337ab7")
        left = (self.desc + ": ") if self.desc else ""
        left += ("{0:3.0f}%".format(pct) if total else "")
        right = line.split("|")[-1].strip() if total else line[len((self.desc + ": ") if self.desc else ""):]
        bar = ("<div style=\"display:inline-block;width:20em;height:1.1em;background:#eee;vertical-align:middle;border-radius:2px\">"
               "<div style=\"width:%.1f%%;height:100%%;background:%s;border-radius:2px\"></div></div>" % (pct, colour)) if total else ""
        return ("<div class=\"sable-tqdm\" style=\"font-family:monospace\"><span>" + _escape(left) +
                "</span> " + bar + " <span>" + _escape(right) + "</span></div>")

    def _draw(self, line):
        from IPython.display import display, update_display
        data = {"text/plain": line, "text/html": self._html(line)}
        if self._handle is None:
            self._handle = display(data, raw=True, display_id=True)
        else:
            update_display(data, display_id=self._handle.display_id, raw=True)

    def _finish(self):
        if self.leave:
            self.refresh()
        else:
            from IPython.display import update_display
            update_display({"text/plain": ""}, display_id=self._handle.display_id, raw=True)


def _escape(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def tqdm_notebook(*args, **kwargs):
    return _HtmlBar(*args, **kwargs)


def _auto_class():
    return _HtmlBar if _ip.frontend() == "kernel" else tqdm


class TqdmWarning(Warning):
    pass
