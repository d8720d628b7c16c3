# warnings - CPython 3.11's warn, filters (filterwarnings, simplefilter, resetwarnings),
# showwarning/formatwarning and catch_warnings.
#
# warn() finds its caller with sys._getframe(stacklevel) as CPython does; a stack too shallow
# reports "sys", line 1. Sable's frames are snapshots: f_globals is a copy, so the per-module
# __warningregistry__ dicts live here, keyed by module name. Filter message patterns are
# matched (at the start, ignoring case, as re.match with re.I) with a small matcher that knows
# '.', '*', '?', '+' after a character, and backslash escapes; module patterns the same,
# anchored at both ends.
import sys

_ACTIONS = ("error", "ignore", "always", "default", "module", "once")

class _Pattern:
    def __init__(self, text, icase, whole):
        self.text = text
        self.icase = icase
        self.whole = whole
        # (char or None for '.', quantifier '' '*' '?' '+')
        items = []
        i = 0
        while i < len(text):
            c = text[i]
            if c == '\\' and i + 1 < len(text):
                i += 1
                c = text[i]
            elif c == '.':
                c = None
            if icase and c is not None:
                c = c.lower()
            q = ''
            if i + 1 < len(text) and text[i + 1] in '*?+':
                q = text[i + 1]
                i += 1
            items.append((c, q))
            i += 1
        self.items = items

    def match(self, s):
        if self.icase:
            s = s.lower()
        return self._m(0, s, 0)

    def _m(self, k, s, i):
        if k == len(self.items):
            return (not self.whole) or i == len(s)
        c, q = self.items[k]
        def one(j):
            return j < len(s) and (c is None or s[j] == c)
        if q == '':
            return one(i) and self._m(k + 1, s, i + 1)
        if q == '?':
            return (one(i) and self._m(k + 1, s, i + 1)) or self._m(k + 1, s, i)
        j = i
        while one(j):
            j += 1
        lo = i + 1 if q == '+' else i
        while j >= lo:
            if self._m(k + 1, s, j):
                return True
            j -= 1
        return False

    def __repr__(self):
        return "re.compile(%r, re.IGNORECASE)" % self.text if self.icase else \
               "re.compile(%r)" % (self.text + "\\Z")


filters = []
defaultaction = "default"
onceregistry = {}
_registry = {}
_filters_version = [1]

def _filters_mutated():
    _filters_version[0] += 1

def _add_filter(*item, append):
    if not append:
        if item in filters:
            filters.remove(item)
        filters.insert(0, item)
    else:
        if item not in filters:
            filters.append(item)
    _filters_mutated()

def filterwarnings(action, message="", category=Warning, module="", lineno=0, append=False):
    assert action in _ACTIONS, "invalid action: %r" % (action,)
    assert isinstance(message, str), "message must be a string"
    assert isinstance(category, type), "category must be a class"
    assert issubclass(category, Warning), "category must be a Warning subclass"
    assert isinstance(module, str), "module must be a string"
    assert isinstance(lineno, int) and lineno >= 0, "lineno must be an int >= 0"
    _add_filter(action, _Pattern(message, True, False) if message else None, category,
                _Pattern(module, False, True) if module else None, lineno, append=append)

def simplefilter(action, category=Warning, lineno=0, append=False):
    assert action in _ACTIONS, "invalid action: %r" % (action,)
    assert isinstance(lineno, int) and lineno >= 0, "lineno must be an int >= 0"
    _add_filter(action, None, category, None, lineno, append=append)

def resetwarnings():
    filters[:] = []
    _filters_mutated()


class WarningMessage(object):
    _WARNING_DETAILS = ("message", "category", "filename", "lineno", "file", "line", "source")

    def __init__(self, message, category, filename, lineno, file=None, line=None, source=None):
        self.message = message
        self.category = category
        self.filename = filename
        self.lineno = lineno
        self.file = file
        self.line = line
        self.source = source
        self._category_name = category.__name__ if category else None

    def __str__(self):
        return ("{message : %r, category : %r, filename : %r, lineno : %s, "
                "line : %r}" % (self.message, self._category_name, self.filename,
                                self.lineno, self.line))


def _getline(filename, lineno):
    try:
        with open(filename) as f:
            lines = f.read().split('\n')
    except Exception:
        return ''
    if 1 <= lineno <= len(lines):
        return lines[lineno - 1]
    return ''

def _formatwarnmsg_impl(msg):
    category = msg.category.__name__
    s = f"{msg.filename}:{msg.lineno}: {category}: {msg.message}\n"
    if msg.line is None:
        line = _getline(msg.filename, msg.lineno)
    else:
        line = msg.line
    if line:
        line = line.strip()
        s += "  %s\n" % line
    return s

def _showwarnmsg_impl(msg):
    file = msg.file
    if file is None:
        file = sys.stderr
        if file is None:
            return
    text = _formatwarnmsg_impl(msg)
    try:
        file.write(text)
    except OSError:
        pass

def formatwarning(message, category, filename, lineno, line=None):
    return _formatwarnmsg_impl(WarningMessage(message, category, filename, lineno, None, line))

def showwarning(message, category, filename, lineno, file=None, line=None):
    _hooks.impl(WarningMessage(message, category, filename, lineno, file, line))

_showwarning_orig = showwarning

class _Hooks:
    pass

# what catch_warnings(record=True) swaps: module globals cannot be rebound from a method here
_hooks = _Hooks()
_hooks.impl = _showwarnmsg_impl

def _module():
    return sys.modules.get('warnings') if hasattr(sys, 'modules') else None

def _showwarnmsg(msg):
    mod = _module()
    sw = getattr(mod, 'showwarning', showwarning) if mod is not None else showwarning
    if sw is not _showwarning_orig:
        if not callable(sw):
            raise TypeError("warnings.showwarning() must be set to a function or method")
        sw(msg.message, msg.category, msg.filename, msg.lineno, msg.file, msg.line)
        return
    _hooks.impl(msg)

def warn(message, category=None, stacklevel=1, source=None):
    if isinstance(message, Warning):
        category = message.__class__
    if category is None:
        category = UserWarning
    if not (isinstance(category, type) and issubclass(category, Warning)):
        raise TypeError("category must be a Warning subclass, "
                        "not '{:s}'".format(type(category).__name__))
    try:
        frame = sys._getframe(stacklevel)
    except ValueError:
        filename, lineno, module = "sys", 1, "sys"
    else:
        filename = frame.f_code.co_filename
        lineno = frame.f_lineno
        module = frame.f_globals.get("__name__", "<string>")
    registry = _registries.setdefault(module, {})
    warn_explicit(message, category, filename, lineno, module, registry, None, source)

_registries = {}

def warn_explicit(message, category, filename, lineno, module=None, registry=None,
                  module_globals=None, source=None):
    lineno = int(lineno)
    if module is None:
        module = filename or "<unknown>"
        if module[-3:].lower() == ".py":
            module = module[:-3]
    if registry is None:
        registry = {}
    if registry.get('version', 0) != _filters_version[0]:
        registry.clear()
        registry['version'] = _filters_version[0]
    if isinstance(message, Warning):
        text = str(message)
        category = message.__class__
    else:
        text = message
        message = category(message)
    key = (text, category, lineno)
    if registry.get(key):
        return
    action = defaultaction
    item = None
    for it in filters:
        act, msg, cat, mod, ln = it
        if ((msg is None or msg.match(text)) and issubclass(category, cat) and
                (mod is None or (mod == module if isinstance(mod, str) else mod.match(module))) and (ln == 0 or lineno == ln)):
            action = act
            item = it
            break
    if action == "ignore":
        return
    if action == "error":
        raise message
    if action == "once":
        registry[key] = 1
        oncekey = (text, category)
        if onceregistry.get(oncekey):
            return
        onceregistry[oncekey] = 1
    elif action == "always":
        pass
    elif action == "module":
        registry[key] = 1
        altkey = (text, category, 0)
        if registry.get(altkey):
            return
        registry[altkey] = 1
    elif action == "default":
        registry[key] = 1
    else:
        raise RuntimeError("Unrecognized action (%r) in warnings.filters:\n %s" %
                           (action, item))
    _showwarnmsg(WarningMessage(message, category, filename, lineno, None, None, source))


class catch_warnings(object):
    def __init__(self, *, record=False, module=None, action=None, category=Warning, lineno=0,
                 append=False):
        self._record = record
        self._entered = False
        if action is None:
            self._filter = None
        else:
            self._filter = (action, category, lineno, append)

    def __repr__(self):
        args = []
        if self._record:
            args.append("record=True")
        return "%s(%s)" % (type(self).__name__, ", ".join(args))

    def __enter__(self):
        if self._entered:
            raise RuntimeError("Cannot enter %r twice" % self)
        self._entered = True
        self._filters = filters[:]
        _filters_mutated()
        mod = _module()
        self._mod = mod
        self._showwarning = getattr(mod, 'showwarning', None) if mod is not None else None
        self._impl = _hooks.impl
        if self._filter is not None:
            simplefilter(self._filter[0], self._filter[1], self._filter[2],
                         self._filter[3])
        if self._record:
            log = []
            _hooks.impl = log.append
            if mod is not None:
                mod.showwarning = _showwarning_orig
            return log
        return None

    def __exit__(self, *exc_info):
        if not self._entered:
            raise RuntimeError("Cannot exit %r without entering first" % self)
        filters[:] = self._filters
        _filters_mutated()
        if self._mod is not None and self._showwarning is not None:
            self._mod.showwarning = self._showwarning
        _hooks.impl = self._impl


# CPython's default filters of a release build, less the categories Sable has not got
# (PendingDeprecationWarning, ImportWarning, ResourceWarning)
_add_filter("default", None, DeprecationWarning, "__main__", 0, append=True)
simplefilter("ignore", category=DeprecationWarning, append=True)
