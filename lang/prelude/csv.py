# csv.py - reader / writer / DictReader / DictWriter with CPython's dialects (excel, excel-tab,
# unix), quoting modes and field parsing (quoted newlines, doubled quotes, escapechar), by hand.
__all__ = ['QUOTE_MINIMAL', 'QUOTE_ALL', 'QUOTE_NONNUMERIC', 'QUOTE_NONE', 'Error', 'Dialect',
           'excel', 'excel_tab', 'unix_dialect', 'reader', 'writer', 'register_dialect',
           'get_dialect', 'list_dialects', 'unregister_dialect', 'field_size_limit',
           'DictReader', 'DictWriter']

QUOTE_MINIMAL = 0
QUOTE_ALL = 1
QUOTE_NONNUMERIC = 2
QUOTE_NONE = 3


class Error(Exception):
    pass


class Dialect:
    delimiter = ','
    quotechar = '"'
    escapechar = None
    doublequote = True
    skipinitialspace = False
    lineterminator = '\r\n'
    quoting = QUOTE_MINIMAL
    strict = False


class excel(Dialect):
    pass


class excel_tab(excel):
    delimiter = '\t'


class unix_dialect(Dialect):
    lineterminator = '\n'
    quoting = QUOTE_ALL


_dialects = {'excel': excel, 'excel-tab': excel_tab, 'unix': unix_dialect}
_limit = 131072


def register_dialect(name, dialect=None, **fmtparams):
    if not isinstance(name, str):
        raise TypeError('dialect name must be a string')
    _dialects[name] = _Params(dialect if dialect is not None else excel, fmtparams)


def unregister_dialect(name):
    if name not in _dialects:
        raise Error('unknown dialect')
    del _dialects[name]


def get_dialect(name):
    if name not in _dialects:
        raise Error('unknown dialect')
    return _dialects[name]


def list_dialects():
    return list(_dialects)


def field_size_limit(new_limit=None):
    global _limit
    old = _limit
    if new_limit is not None:
        _limit = new_limit
    return old


class _Params:
    def __init__(self, dialect, kw):
        if isinstance(dialect, str):
            dialect = get_dialect(dialect)
        for n in ('delimiter', 'quotechar', 'escapechar', 'doublequote', 'skipinitialspace',
                  'lineterminator', 'quoting', 'strict'):
            v = kw[n] if n in kw else getattr(dialect, n, getattr(Dialect, n))
            setattr(self, n, v)
        for n in kw:
            if n not in ('delimiter', 'quotechar', 'escapechar', 'doublequote', 'skipinitialspace',
                         'lineterminator', 'quoting', 'strict'):
                raise TypeError("'%s' is an invalid keyword argument for this function" % n)
        if not isinstance(self.delimiter, str) or len(self.delimiter) != 1:
            if isinstance(self.delimiter, str):
                raise TypeError('"delimiter" must be a 1-character string')
            raise TypeError('"delimiter" must be string, not ' + type(self.delimiter).__name__)
        if self.quotechar is not None and (not isinstance(self.quotechar, str) or len(self.quotechar) != 1):
            raise TypeError('"quotechar" must be a 1-character string')
        if self.quoting not in (0, 1, 2, 3):
            raise TypeError('bad "quoting" value')
        if self.quotechar is None and self.quoting != QUOTE_NONE:
            raise TypeError('quotechar must be set if quoting enabled')


class _Reader:
    def __init__(self, f, p):
        self._it = iter(f)
        self.dialect = p
        self.line_num = 0

    def __iter__(self):
        return self

    def _nextline(self):
        line = next(self._it)
        if not isinstance(line, str):
            raise Error('iterator should return strings, not %.200s (the file should be opened in text mode)' % type(line).__name__)
        self.line_num += 1
        return line

    def __next__(self):
        p = self.dialect
        d = p.delimiter
        q = p.quotechar
        esc = p.escapechar
        fields = []
        field = []
        quoted = False       # the current field was quoted
        inq = False          # inside quotes
        started = False
        line = self._nextline()
        while True:
            i = 0
            n = len(line)
            while i < n:
                c = line[i]
                if inq:
                    if esc is not None and c == esc and i + 1 < n:
                        field.append(line[i + 1])
                        i += 2
                        continue
                    if c == q:
                        if p.doublequote and i + 1 < n and line[i + 1] == q:
                            field.append(q)
                            i += 2
                            continue
                        inq = False
                        i += 1
                        continue
                    field.append(c)
                    i += 1
                    continue
                if c == '\r' or c == '\n':
                    rest = line[i:]
                    if rest not in ('\r', '\n', '\r\n'):
                        raise Error('new-line character seen in unquoted field - do you need to open the file with newline=\'\'?')
                    break
                if c == d:
                    fields.append(self._finish(field, quoted))
                    field = []
                    quoted = False
                    started = False
                    i += 1
                    if p.skipinitialspace:
                        while i < n and line[i] == ' ':
                            i += 1
                    continue
                if esc is not None and c == esc:
                    if i + 1 < n:
                        field.append(line[i + 1])
                        i += 2
                        started = True
                        continue
                    # the escape char at the end of the line escapes the newline
                    raise Error('unexpected end of data')
                if q is not None and c == q and p.quoting != QUOTE_NONE and not started:
                    inq = True
                    quoted = True
                    started = True
                    i += 1
                    continue
                if q is not None and c == q and quoted and p.strict:
                    raise Error("'%s' expected after '%s'" % (d, q))
                field.append(c)
                started = True
                i += 1
            if inq:
                try:
                    line = self._nextline()
                except StopIteration:
                    if p.strict:
                        raise Error('unexpected end of data')
                    break
                continue
            break
        if not fields and not field and not quoted and not started:
            return []
        fields.append(self._finish(field, quoted))
        return fields

    def _finish(self, field, quoted):
        s = ''.join(field)
        if len(s) > _limit:
            raise Error('field larger than field limit (%d)' % _limit)
        if self.dialect.quoting == QUOTE_NONNUMERIC and not quoted and s != '':
            return float(s)
        return s


def reader(csvfile, dialect='excel', **fmtparams):
    return _Reader(csvfile, _Params(dialect, fmtparams))


class _Writer:
    def __init__(self, f, p):
        self._f = f
        self.dialect = p

    def _field(self, v, only):
        p = self.dialect
        if v is None:
            s = ''
        elif isinstance(v, float):
            s = repr(v)
        else:
            s = str(v)
        q = p.quotechar
        numeric = isinstance(v, (int, float)) and not isinstance(v, bool)
        if p.quoting == QUOTE_ALL:
            need = True
        elif p.quoting == QUOTE_NONNUMERIC:
            need = not numeric and v is not None or (v is None and False)
            if v is None:
                need = True
        elif p.quoting == QUOTE_NONE:
            need = False
        else:
            need = False
            if s == '' and only:
                need = True
            for c in s:
                if c == p.delimiter or c == q or c == '\n' or c == '\r' or c in p.lineterminator:
                    need = True
                    break
            if s and s[0] == ' ' and p.skipinitialspace:
                need = True
        out = []
        for c in s:
            if q is not None and c == q:
                if p.quoting == QUOTE_NONE or not p.doublequote:
                    if p.escapechar is None:
                        raise Error('need to escape, but no escapechar set')
                    out.append(p.escapechar + c)
                    continue
                out.append(q + q)
                continue
            if p.quoting == QUOTE_NONE and (c == p.delimiter or c in '\r\n' or c == p.escapechar):
                if p.escapechar is None:
                    raise Error('need to escape, but no escapechar set')
                out.append(p.escapechar + c)
                continue
            if p.escapechar is not None and c == p.escapechar:
                out.append(c + c)
                continue
            out.append(c)
        s = ''.join(out)
        if need:
            return q + s + q
        return s

    def writerow(self, row):
        try:
            items = list(row)
        except TypeError:
            raise Error('iterable expected, not %s' % type(row).__name__)
        only = len(items) == 1
        line = self.dialect.delimiter.join(self._field(v, only) for v in items) + self.dialect.lineterminator
        return self._f.write(line)

    def writerows(self, rows):
        for r in rows:
            self.writerow(r)


def writer(csvfile, dialect='excel', **fmtparams):
    return _Writer(csvfile, _Params(dialect, fmtparams))


class DictReader:
    def __init__(self, f, fieldnames=None, restkey=None, restval=None, dialect='excel', *args, **kwds):
        self._fieldnames = fieldnames
        self.restkey = restkey
        self.restval = restval
        self.reader = reader(f, dialect, *args, **kwds)
        self.dialect = dialect
        self.line_num = 0

    def __iter__(self):
        return self

    @property
    def fieldnames(self):
        if self._fieldnames is None:
            try:
                self._fieldnames = next(self.reader)
            except StopIteration:
                pass
        self.line_num = self.reader.line_num
        return self._fieldnames

    def __next__(self):
        if self.line_num == 0:
            self.fieldnames
        row = next(self.reader)
        self.line_num = self.reader.line_num
        while row == []:
            row = next(self.reader)
        d = dict(zip(self.fieldnames, row))
        lf = len(self.fieldnames)
        lr = len(row)
        if lf < lr:
            d[self.restkey] = row[lf:]
        elif lf > lr:
            for key in self.fieldnames[lr:]:
                d[key] = self.restval
        return d


class DictWriter:
    def __init__(self, f, fieldnames, restval='', extrasaction='raise', dialect='excel', *args, **kwds):
        self.fieldnames = list(fieldnames)
        self.restval = restval
        if extrasaction.lower() not in ('raise', 'ignore'):
            raise ValueError("extrasaction (%s) must be 'raise' or 'ignore'" % extrasaction)
        self.extrasaction = extrasaction
        self.writer = writer(f, dialect, *args, **kwds)

    def writeheader(self):
        header = dict(zip(self.fieldnames, self.fieldnames))
        return self.writerow(header)

    def _dict_to_list(self, rowdict):
        if self.extrasaction == 'raise':
            wrong = [k for k in rowdict if k not in self.fieldnames]
            if wrong:
                raise ValueError('dict contains fields not in fieldnames: ' + ', '.join([repr(x) for x in wrong]))
        return [rowdict.get(key, self.restval) for key in self.fieldnames]

    def writerow(self, rowdict):
        return self.writer.writerow(self._dict_to_list(rowdict))

    def writerows(self, rowdicts):
        for r in rowdicts:
            self.writerow(r)
