# string - the character-class constants, capwords, and Template ($name, ${name}, $$) with
# the placeholder scanning done by hand in place of CPython's regular expression.

whitespace = ' \t\n\r\x0b\x0c'
ascii_lowercase = 'abcdefghijklmnopqrstuvwxyz'
ascii_uppercase = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
ascii_letters = ascii_lowercase + ascii_uppercase
digits = '0123456789'
hexdigits = digits + 'abcdef' + 'ABCDEF'
octdigits = '01234567'
punctuation = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'
printable = digits + ascii_letters + punctuation + whitespace

def capwords(s, sep=None):
    return (sep or ' ').join([w.capitalize() for w in s.split(sep)])

_id_start = ascii_letters + '_'
_id_char = _id_start + digits

class Template:
    # CPython's default pattern: delimiter, then the delimiter again (escaped), an ASCII
    # identifier (named), one in braces (braced), or nothing else (invalid). A subclass may
    # change `delimiter`; a changed `idpattern` or `pattern` (regular expressions) is not read.
    delimiter = '$'

    def __init__(self, template):
        self.template = template

    def _scan(self):
        # (kind, start, end, name, pos) for each match, as pattern.finditer gives them;
        # pos is where the invalid group starts
        t = self.template
        d = self.delimiter
        n = len(d)
        out = []
        i = 0
        while True:
            j = t.find(d, i)
            if j < 0:
                return out
            k = j + n
            if t.startswith(d, k):
                out.append(('escaped', j, k + n, None, k))
                i = k + n
            elif k < len(t) and t[k] in _id_start:
                m = k + 1
                while m < len(t) and t[m] in _id_char:
                    m += 1
                out.append(('named', j, m, t[k:m], k))
                i = m
            else:
                m = -1
                if t.startswith('{', k) and k + 1 < len(t) and t[k + 1] in _id_start:
                    m = k + 2
                    while m < len(t) and t[m] in _id_char:
                        m += 1
                if m > 0 and m < len(t) and t[m] == '}':
                    out.append(('braced', j, m + 1, t[k + 1:m], k))
                    i = m + 1
                else:
                    out.append(('invalid', j, k, None, k))
                    i = k if k > j else k + 1

    def _invalid(self, pos):
        lines = self.template[:pos].splitlines(True)
        if not lines:
            colno = 1
            lineno = 1
        else:
            colno = pos - len(''.join(lines[:-1]))
            lineno = len(lines)
        raise ValueError('Invalid placeholder in string: line %d, col %d' % (lineno, colno))

    def _lookup(self, args, kws):
        if len(args) > 1:
            raise TypeError('Too many positional arguments')
        if not args:
            return kws, None
        if not kws:
            return args[0], None
        return kws, args[0]

    def _get(self, first, second, name):
        if second is None:
            return first[name]
        try:
            return first[name]
        except KeyError:
            return second[name]

    def _substitute(self, args, kws, safe):
        # safe: an invalid placeholder or a missing name stays as written instead of raising
        first, second = self._lookup(args, kws)
        t = self.template
        parts = []
        last = 0
        for kind, start, end, name, pos in self._scan():
            parts.append(t[last:start])
            last = end
            if kind == 'escaped':
                parts.append(self.delimiter)
            elif kind == 'invalid':
                if not safe:
                    self._invalid(pos)
                parts.append(t[start:end])
            elif not safe:
                parts.append(str(self._get(first, second, name)))
            else:
                try:
                    parts.append(str(self._get(first, second, name)))
                except KeyError:
                    parts.append(t[start:end])
        parts.append(t[last:])
        return ''.join(parts)

    def substitute(self, *args, **kws):
        return self._substitute(args, kws, False)

    def safe_substitute(self, *args, **kws):
        return self._substitute(args, kws, True)

    def is_valid(self):
        for m in self._scan():
            if m[0] == 'invalid':
                return False
        return True

    def get_identifiers(self):
        ids = []
        for m in self._scan():
            if m[3] is not None and m[3] not in ids:
                ids.append(m[3])
        return ids
