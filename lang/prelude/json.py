# json - dumps/dump with indent, separators, sort_keys and ensure_ascii as CPython formats
# them; loads/load.

class JSONDecodeError(ValueError):
    def __init__(self, msg, doc, pos):
        lineno = doc.count('\n', 0, pos) + 1
        colno = pos - doc.rfind('\n', 0, pos)
        ValueError.__init__(self, f'{msg}: line {lineno} column {colno} (char {pos})')
        self.msg = msg
        self.doc = doc
        self.pos = pos
        self.lineno = lineno
        self.colno = colno

_ESC = {'"': '\\"', '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f'}

def _str(s, ensure_ascii):
    out = ['"']
    for ch in s:
        e = _ESC.get(ch)
        if e is not None:
            out.append(e)
            continue
        c = ord(ch)
        if c < 0x20 or (ensure_ascii and c > 0x7e):
            if c > 0xffff:
                c -= 0x10000
                out.append('\\u%04x\\u%04x' % (0xd800 | (c >> 10), 0xdc00 | (c & 0x3ff)))
            else:
                out.append('\\u%04x' % c)
        else:
            out.append(ch)
    out.append('"')
    return ''.join(out)

def _float(f, allow_nan):
    if f != f:
        text = 'NaN'
    elif f == float('inf'):
        text = 'Infinity'
    elif f == -float('inf'):
        text = '-Infinity'
    else:
        return repr(f)
    if not allow_nan:
        raise ValueError('Out of range float values are not JSON compliant')
    return text

def _key(k, skipkeys=False):
    if isinstance(k, str):
        return k
    if k is True:
        return 'true'
    if k is False:
        return 'false'
    if k is None:
        return 'null'
    if isinstance(k, float):
        return _float(k, True)
    if isinstance(k, int):
        return str(k)
    if skipkeys:
        return None
    raise TypeError(f'keys must be str, int, float, bool or None, not {type(k).__name__}')

def _enc_items(items, brackets, keyed, out, level, opts):
    # a list's values or a dict's (key, value) pairs in their brackets, one a line when indented
    indent, item_sep, key_sep, sort_keys, ensure_ascii, default, allow_nan, skipkeys = opts
    if not items:
        out.append(brackets)
        return
    out.append(brackets[0])
    if indent is not None:
        nl = '\n' + indent * (level + 1)
        out.append(nl)
        sep = item_sep + nl
    else:
        sep = item_sep
    first = True
    for v in items:
        if not first:
            out.append(sep)
        first = False
        if keyed:
            out.append(_str(v[0], ensure_ascii))
            out.append(key_sep)
            v = v[1]
        _enc(v, out, level + 1, opts)
    if indent is not None:
        out.append('\n' + indent * level)
    out.append(brackets[1])

def _enc(o, out, level, opts):
    indent, item_sep, key_sep, sort_keys, ensure_ascii, default, allow_nan, skipkeys = opts
    if o is None:
        out.append('null')
    elif o is True:
        out.append('true')
    elif o is False:
        out.append('false')
    elif isinstance(o, str):
        out.append(_str(o, ensure_ascii))
    elif isinstance(o, int):
        out.append(str(o))
    elif isinstance(o, float):
        out.append(_float(o, allow_nan))
    elif isinstance(o, (list, tuple)):
        _enc_items(o, '[]', False, out, level, opts)
    elif isinstance(o, dict):
        # sorted by the keys themselves, then converted (mixed key types raise, as CPython)
        pairs = sorted(o.items(), key=lambda kv: kv[0]) if sort_keys else o.items()
        items = []
        for k, v in pairs:
            k = _key(k, skipkeys)
            if k is not None:
                items.append((k, v))
        _enc_items(items, '{}', True, out, level, opts)
    elif default is not None:
        _enc(default(o), out, level, opts)
    else:
        raise TypeError(f'Object of type {type(o).__name__} is not JSON serializable')

def dumps(obj, *, indent=None, separators=None, sort_keys=False, ensure_ascii=True, default=None, allow_nan=True, skipkeys=False, cls=None):
    if isinstance(indent, int):
        indent = ' ' * indent
    if separators is None:
        separators = (', ', ': ') if indent is None else (',', ': ')
    out = []
    _enc(obj, out, 0, (indent, separators[0], separators[1], sort_keys, ensure_ascii, default, allow_nan, skipkeys))
    return ''.join(out)

def dump(obj, fp, **kw):
    fp.write(dumps(obj, **kw))

_WS = ' \t\n\r'
_CHUNK = __import__("re").compile(r'[^"\\\x00-\x1f]*')

class _Parser:
    def __init__(self, s):
        self.s = s
        self.i = 0
    def ws(self):
        s = self.s
        i = self.i
        n = len(s)
        while i < n and s[i] in _WS:
            i += 1
        self.i = i
    def err(self, msg):
        raise JSONDecodeError(msg, self.s, self.i)
    def value(self):
        self.ws()
        s = self.s
        if self.i >= len(s):
            self.err('Expecting value')
        c = s[self.i]
        if c == '{':
            return self.obj()
        if c == '[':
            return self.arr()
        if c == '"':
            return self.string()
        for word, val in (('true', True), ('false', False), ('null', None), ('NaN', float('nan')), ('Infinity', float('inf')), ('-Infinity', -float('inf'))):
            if s.startswith(word, self.i):
                self.i += len(word)
                return val
        return self.number()
    def number(self):
        s = self.s
        j = self.i
        n = len(s)
        if j < n and s[j] == '-':
            j += 1
        start_digits = j
        while j < n and s[j].isdigit():
            j += 1
        if j == start_digits:
            self.err('Expecting value')
        isfloat = False
        if j < n and s[j] == '.':
            k = j + 1
            while k < n and s[k].isdigit():
                k += 1
            if k > j + 1:
                isfloat = True
                j = k
        if j < n and s[j] in 'eE':
            k = j + 1
            if k < n and s[k] in '+-':
                k += 1
            d = k
            while k < n and s[k].isdigit():
                k += 1
            if k > d:
                isfloat = True
                j = k
        text = s[self.i:j]
        self.i = j
        return float(text) if isfloat else int(text)
    def string(self):
        s = self.s
        begin = self.i
        self.i += 1
        out = []
        while True:
            j = self.i
            n = len(s)
            j = _CHUNK.match(s, j).end()   # plain characters in one C-level step (PCRE2)
            if j < n and s[j] < ' ':
                self.i = j
                self.err('Invalid control character at')
            out.append(s[self.i:j])
            if j >= n:
                self.i = begin
                self.err('Unterminated string starting at')
            if s[j] == '"':
                self.i = j + 1
                return ''.join(out)
            esc = s[j + 1:j + 2]
            simple = {'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}
            if esc in simple:
                out.append(simple[esc])
                self.i = j + 2
            elif esc == 'u':
                code = int(s[j + 2:j + 6], 16)
                self.i = j + 6
                if 0xd800 <= code < 0xdc00 and s[self.i:self.i + 2] == '\\u':
                    low = int(s[self.i + 2:self.i + 6], 16)
                    if 0xdc00 <= low < 0xe000:
                        code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00)
                        self.i += 6
                out.append(chr(code))
            else:
                self.i = j
                self.err('Invalid \\escape')
    def arr(self):
        self.i += 1
        out = []
        self.ws()
        if self.s[self.i:self.i + 1] == ']':
            self.i += 1
            return out
        while True:
            out.append(self.value())
            self.ws()
            c = self.s[self.i:self.i + 1]
            self.i += 1
            if c == ']':
                return out
            if c != ',':
                self.i -= 1
                self.err("Expecting ',' delimiter")
    def obj(self):
        self.i += 1
        out = {}
        self.ws()
        if self.s[self.i:self.i + 1] == '}':
            self.i += 1
            return out
        while True:
            self.ws()
            if self.s[self.i:self.i + 1] != '"':
                self.err('Expecting property name enclosed in double quotes')
            k = self.string()
            self.ws()
            if self.s[self.i:self.i + 1] != ':':
                self.err("Expecting ':' delimiter")
            self.i += 1
            out[k] = self.value()
            self.ws()
            c = self.s[self.i:self.i + 1]
            self.i += 1
            if c == '}':
                return out
            if c != ',':
                self.i -= 1
                self.err("Expecting ',' delimiter")

def _detect_encoding(b):
    # CPython's json.detect_encoding: a BOM, else the zero bytes of the first (ASCII) characters
    if b[:4] in (b'\x00\x00\xfe\xff', b'\xff\xfe\x00\x00'):
        return 'utf-32'
    if b[:2] in (b'\xfe\xff', b'\xff\xfe'):
        return 'utf-16'
    if b[:3] == b'\xef\xbb\xbf':
        return 'utf-8-sig'
    if len(b) >= 4:
        if not b[0]:
            return 'utf-16-be' if b[1] else 'utf-32-be'
        if not b[1]:
            return 'utf-16-le' if b[2] or b[3] else 'utf-32-le'
    elif len(b) == 2:
        if not b[0]:
            return 'utf-16-be'
        if not b[1]:
            return 'utf-16-le'
    return 'utf-8'

def _decode_wide(b, enc):
    # utf-16/utf-32 by hand (the str codecs know only utf-8/latin-1/ascii); surrogates pass
    # through as CPython's 'surrogatepass' lets them, and a BOM picks the byte order
    width = 4 if enc.startswith('utf-32') else 2
    off = 0
    if enc in ('utf-16', 'utf-32'):
        little = b[0] == 0xff
        off = width
    else:
        little = enc.endswith('le')
    n = len(b)
    if (n - off) % width:
        at = n - (n - off) % width
        raise UnicodeDecodeError(f"'{enc}' codec can't decode " + (f'byte 0x{b[at]:02x} in position {at}' if n - at == 1 else f'bytes in position {at}-{n - 1}') + ': truncated data')
    units = []
    for i in range(off, n - (n - off) % width, width):
        u = 0
        for k in range(width):
            u |= b[i + (k if little else width - 1 - k)] << (8 * k)
        units.append(u)
    out = []
    i = 0
    while i < len(units):
        u = units[i]
        if width == 2 and 0xd800 <= u < 0xdc00 and i + 1 < len(units) and 0xdc00 <= units[i + 1] < 0xe000:
            u = 0x10000 + ((u - 0xd800) << 10) + (units[i + 1] - 0xdc00)
            i += 1
        if u > 0x10ffff:
            raise UnicodeDecodeError(f"'{enc}' codec can't decode bytes in position {off + i * width}-{off + i * width + width - 1}: code point not in range(0x110000)")
        out.append(chr(u))
        i += 1
    return ''.join(out)

def loads(s, **kw):
    if isinstance(s, str):
        if s.startswith('\ufeff'):
            raise JSONDecodeError('Unexpected UTF-8 BOM (decode using utf-8-sig)', s, 0)
    elif isinstance(s, (bytes, bytearray)):
        enc = _detect_encoding(s)
        if enc == 'utf-8-sig':
            s = bytes(s[3:]).decode('utf-8')
        elif enc == 'utf-8':
            s = bytes(s).decode('utf-8')
        else:
            s = _decode_wide(s, enc)
    else:
        raise TypeError(f'the JSON object must be str, bytes or bytearray, not {type(s).__name__}')
    p = _Parser(s)
    v = p.value()
    p.ws()
    if p.i != len(s):
        p.err('Extra data')
    return v

def load(fp, **kw):
    return loads(fp.read(), **kw)
