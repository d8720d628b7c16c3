# datetime.py - date, time, datetime, timedelta, timezone after CPython 3.11's pure-Python datetime:
# proleptic Gregorian ordinals, reprs, isoformat/fromisoformat, strftime/strptime (C-locale directives).
import time as _time
import math as _math

MINYEAR = 1
MAXYEAR = 9999

_DAYS_IN_MONTH = [-1, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
_DAYS_BEFORE_MONTH = [-1]
_dbm = 0
for _dim in _DAYS_IN_MONTH[1:]:
    _DAYS_BEFORE_MONTH.append(_dbm)
    _dbm += _dim
_MONTHNAMES = [None, 'Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
_FULLMONTHS = [None, 'January', 'February', 'March', 'April', 'May', 'June', 'July', 'August',
               'September', 'October', 'November', 'December']
_DAYNAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']
_FULLDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']


def _is_leap(y):
    return y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)


def _days_before_year(y):
    y = y - 1
    return y * 365 + y // 4 - y // 100 + y // 400


def _days_in_month(y, m):
    if m == 2 and _is_leap(y):
        return 29
    return _DAYS_IN_MONTH[m]


def _days_before_month(y, m):
    return _DAYS_BEFORE_MONTH[m] + (m > 2 and _is_leap(y))


def _ymd2ord(y, m, d):
    return _days_before_year(y) + _days_before_month(y, m) + d


_DI400Y = _days_before_year(401)
_DI100Y = _days_before_year(101)
_DI4Y = _days_before_year(5)


def _ord2ymd(n):
    n -= 1
    n400, n = divmod(n, _DI400Y)
    year = n400 * 400 + 1
    n100, n = divmod(n, _DI100Y)
    n4, n = divmod(n, _DI4Y)
    n1, n = divmod(n, 365)
    year += n100 * 100 + n4 * 4 + n1
    if n1 == 4 or n100 == 4:
        return year - 1, 12, 31
    leapyear = n1 == 3 and (n4 != 24 or n100 == 3)
    month = (n + 50) >> 5
    preceding = _DAYS_BEFORE_MONTH[month] + (month > 2 and leapyear)
    if preceding > n:
        month -= 1
        preceding -= _DAYS_IN_MONTH[month] + (month == 2 and leapyear)
    n -= preceding
    return year, month, n + 1


def _check_int(v):
    if isinstance(v, int):
        return v
    if isinstance(v, float):
        raise TypeError('integer argument expected, got float')
    raise TypeError("'%s' object cannot be interpreted as an integer" % type(v).__name__)


def _check_date(y, m, d):
    y = _check_int(y)
    m = _check_int(m)
    d = _check_int(d)
    if not MINYEAR <= y <= MAXYEAR:
        raise ValueError('year %d is out of range' % y)
    if not 1 <= m <= 12:
        raise ValueError('month must be in 1..12')
    dim = _days_in_month(y, m)
    if not 1 <= d <= dim:
        raise ValueError('day is out of range for month')
    return y, m, d


def _check_time(h, mi, s, us, fold=0):
    h = _check_int(h)
    mi = _check_int(mi)
    s = _check_int(s)
    us = _check_int(us)
    if not 0 <= h <= 23:
        raise ValueError('hour must be in 0..23')
    if not 0 <= mi <= 59:
        raise ValueError('minute must be in 0..59')
    if not 0 <= s <= 59:
        raise ValueError('second must be in 0..59')
    if not 0 <= us <= 999999:
        raise ValueError('microsecond must be in 0..999999')
    return h, mi, s, us


def _cmp(a, b):
    return 0 if a == b else 1 if a > b else -1


class timedelta:
    # kept as normalised (days, seconds, microseconds), as CPython's own timedelta
    def __init__(self, days=0, seconds=0, microseconds=0, milliseconds=0, minutes=0, hours=0, weeks=0):
        d = 0
        sec = 0
        frac = 0.0
        for v, unit in ((weeks, 7 * 86400), (days, 86400), (hours, 3600), (minutes, 60), (seconds, 1)):
            if isinstance(v, int):
                if unit >= 86400:
                    d += v * (unit // 86400)
                else:
                    sec += v * unit
            else:
                ip = int(v)
                if unit >= 86400:
                    d += ip * (unit // 86400)
                else:
                    sec += ip * unit
                frac += (v - ip) * unit * 1e6
        us = 0
        for v, unit in ((milliseconds, 1000), (microseconds, 1)):
            if isinstance(v, int):
                us += v * unit
            else:
                ip = int(v)
                us += ip * unit
                frac += (v - ip) * unit
        if frac:
            fs, fu = divmod(frac, 1e6)
            sec += int(fs)
            us += _round_half_even(fu)
        self._set(d, sec, us)

    def _set(self, d, sec, us):
        s2, us = divmod(us, 1000000)
        sec += s2
        d2, sec = divmod(sec, 86400)
        d += d2
        if abs(d) > 999999999:
            raise OverflowError('days=%d; must have magnitude <= 999999999' % d)
        self._days = d
        self._seconds = sec
        self._microseconds = us

    @classmethod
    def _from_us(cls, us):
        return cls(microseconds=us)

    @classmethod
    def _from_parts(cls, d, sec, us):
        t = object.__new__(cls)
        t._set(d, sec, us)
        return t

    def _key(self):
        return (self._days, self._seconds, self._microseconds)

    @property
    def days(self):
        return self._days

    @property
    def seconds(self):
        return self._seconds

    @property
    def microseconds(self):
        return self._microseconds

    def _float_us(self):
        return (self._days * 86400 + self._seconds) * 1e6 + self._microseconds

    def _to_us(self):
        return (self._days * 86400 + self._seconds) * 1000000 + self._microseconds

    def total_seconds(self):
        return ((self._days * 86400 + self._seconds) * 1e6 + self._microseconds) / 1e6

    def __repr__(self):
        args = []
        if self._days:
            args.append('days=%d' % self._days)
        if self._seconds:
            args.append('seconds=%d' % self._seconds)
        if self._microseconds:
            args.append('microseconds=%d' % self._microseconds)
        if not args:
            args.append('0')
        return 'datetime.timedelta(%s)' % ', '.join(args)

    def __str__(self):
        mm, ss = divmod(self._seconds, 60)
        hh, mm = divmod(mm, 60)
        s = '%d:%02d:%02d' % (hh, mm, ss)
        if self._days:
            plural = 's' if abs(self._days) != 1 else ''
            s = ('%d day%s, ' % (self._days, plural)) + s
        if self._microseconds:
            s = s + '.%06d' % self._microseconds
        return s

    def __add__(self, o):
        if isinstance(o, timedelta):
            return timedelta._from_parts(self._days + o._days, self._seconds + o._seconds,
                                         self._microseconds + o._microseconds)
        return NotImplemented

    def __radd__(self, o):
        return self.__add__(o)

    def __sub__(self, o):
        if isinstance(o, timedelta):
            return timedelta._from_parts(self._days - o._days, self._seconds - o._seconds,
                                         self._microseconds - o._microseconds)
        return NotImplemented

    def __neg__(self):
        return timedelta._from_parts(-self._days, -self._seconds, -self._microseconds)

    def __pos__(self):
        return self

    def __abs__(self):
        return -self if self._days < 0 else self

    def __mul__(self, o):
        if isinstance(o, int):
            return timedelta._from_parts(self._days * o, self._seconds * o, self._microseconds * o)
        if isinstance(o, float):
            return timedelta(microseconds=self._float_us() * o)
        return NotImplemented

    def __rmul__(self, o):
        return self.__mul__(o)

    def __floordiv__(self, o):
        if isinstance(o, timedelta):
            return self._to_us() // o._to_us()
        if isinstance(o, int):
            return timedelta._from_us(self._to_us() // o)
        return NotImplemented

    def __truediv__(self, o):
        if isinstance(o, timedelta):
            return self._to_us() / o._to_us()
        if isinstance(o, (int, float)):
            return timedelta(microseconds=self._float_us() / o)
        return NotImplemented

    def __mod__(self, o):
        if isinstance(o, timedelta):
            return timedelta._from_us(self._to_us() % o._to_us())
        return NotImplemented

    def __divmod__(self, o):
        if isinstance(o, timedelta):
            q, r = divmod(self._to_us(), o._to_us())
            return q, timedelta._from_us(r)
        return NotImplemented

    def __eq__(self, o):
        if isinstance(o, timedelta):
            return self._key() == o._key()
        return NotImplemented

    def __lt__(self, o):
        if isinstance(o, timedelta):
            return self._key() < o._key()
        return NotImplemented

    def __le__(self, o):
        if isinstance(o, timedelta):
            return self._key() <= o._key()
        return NotImplemented

    def __gt__(self, o):
        if isinstance(o, timedelta):
            return self._key() > o._key()
        return NotImplemented

    def __ge__(self, o):
        if isinstance(o, timedelta):
            return self._key() >= o._key()
        return NotImplemented

    def __hash__(self):
        return hash(self._key())

    def __bool__(self):
        return self._key() != (0, 0, 0)


def _round_half_even(x):
    return int(round(x))


timedelta.min = timedelta(-999999999)
timedelta.max = timedelta(days=999999999, hours=23, minutes=59, seconds=59, microseconds=999999)
timedelta.resolution = timedelta(microseconds=1)


def _wrap_strftime(fmt, y, m, d, hh, mi, ss, us, wd, yd, tzname, utcoff):
    out = []
    i = 0
    n = len(fmt)
    while i < n:
        c = fmt[i]
        if c != '%' or i + 1 >= n:
            out.append(c)
            i += 1
            continue
        k = fmt[i + 1]
        i += 2
        if k == 'Y':
            out.append(str(y) if y >= 1000 else '%d' % y)
        elif k == 'y':
            out.append('%02d' % (y % 100))
        elif k == 'm':
            out.append('%02d' % m)
        elif k == 'd':
            out.append('%02d' % d)
        elif k == 'e':
            out.append('%2d' % d)
        elif k == 'H':
            out.append('%02d' % hh)
        elif k == 'I':
            out.append('%02d' % (hh % 12 or 12))
        elif k == 'M':
            out.append('%02d' % mi)
        elif k == 'S':
            out.append('%02d' % ss)
        elif k == 'f':
            out.append('%06d' % us)
        elif k == 'p':
            out.append('AM' if hh < 12 else 'PM')
        elif k == 'b' or k == 'h':
            out.append(_MONTHNAMES[m])
        elif k == 'B':
            out.append(_FULLMONTHS[m])
        elif k == 'a':
            out.append(_DAYNAMES[wd])
        elif k == 'A':
            out.append(_FULLDAYS[wd])
        elif k == 'w':
            out.append(str((wd + 1) % 7))
        elif k == 'u':
            out.append(str(wd + 1))
        elif k == 'j':
            out.append('%03d' % yd)
        elif k == 'U':
            out.append('%02d' % ((yd + 6 - (wd + 1) % 7) // 7))
        elif k == 'W':
            out.append('%02d' % ((yd + 6 - wd) // 7))
        elif k == 'z':
            if utcoff is not None:
                out.append(_format_offset(utcoff, ''))
        elif k == 'Z':
            if tzname is not None:
                out.append(tzname)
        elif k == 'c':
            out.append('%s %s %2d %02d:%02d:%02d %d' % (_DAYNAMES[wd], _MONTHNAMES[m], d, hh, mi, ss, y))
        elif k == 'x':
            out.append('%02d/%02d/%02d' % (m, d, y % 100))
        elif k == 'X':
            out.append('%02d:%02d:%02d' % (hh, mi, ss))
        elif k == 'D':
            out.append('%02d/%02d/%02d' % (m, d, y % 100))
        elif k == 'F':
            out.append('%d-%02d-%02d' % (y, m, d))
        elif k == 'T':
            out.append('%02d:%02d:%02d' % (hh, mi, ss))
        elif k == 'R':
            out.append('%02d:%02d' % (hh, mi))
        elif k == 'n':
            out.append('\n')
        elif k == 't':
            out.append('\t')
        elif k == '%':
            out.append('%')
        else:
            out.append('%' + k)
    return ''.join(out)


def _format_offset(off, sep=':'):
    if off is None:
        return ''
    sign = '+'
    if off.days < 0:
        sign = '-'
        off = -off
    hh, rem = divmod(off._to_us(), 3600 * 1000000)
    mm, rem = divmod(rem, 60 * 1000000)
    ss, us = divmod(rem, 1000000)
    s = '%s%02d%s%02d' % (sign, hh, sep, mm)
    if ss or us:
        s += '%s%02d' % (sep, ss)
        if us:
            s += '.%06d' % us
    return s


class date:
    def __init__(self, year, month, day):
        self._year, self._month, self._day = _check_date(year, month, day)

    @property
    def year(self):
        return self._year

    @property
    def month(self):
        return self._month

    @property
    def day(self):
        return self._day

    @classmethod
    def today(cls):
        t = _time.localtime(_time.time())
        return cls(t[0], t[1], t[2])

    @classmethod
    def fromtimestamp(cls, t):
        t = _time.localtime(t)
        return cls(t[0], t[1], t[2])

    @classmethod
    def fromordinal(cls, n):
        y, m, d = _ord2ymd(n)
        return cls(y, m, d)

    @classmethod
    def fromisoformat(cls, s):
        if not isinstance(s, str):
            raise TypeError('fromisoformat: argument must be str')
        try:
            y, m, d = _parse_isodate(s)
            return cls(y, m, d)
        except (ValueError, IndexError):
            raise ValueError('Invalid isoformat string: %r' % (s,))

    @classmethod
    def fromisocalendar(cls, year, week, day):
        jan4 = _ymd2ord(year, 1, 4)
        first = jan4 - (jan4 + 6) % 7
        return cls.fromordinal(first + (week - 1) * 7 + day - 1)

    def toordinal(self):
        return _ymd2ord(self._year, self._month, self._day)

    def weekday(self):
        return (self.toordinal() + 6) % 7

    def isoweekday(self):
        return self.toordinal() % 7 or 7

    def isocalendar(self):
        year = self._year
        week1 = _isoweek1monday(year)
        today = _ymd2ord(self._year, self._month, self._day)
        week, day = divmod(today - week1, 7)
        if week < 0:
            year -= 1
            week1 = _isoweek1monday(year)
            week, day = divmod(today - week1, 7)
        elif week >= 52:
            if today >= _isoweek1monday(year + 1):
                year += 1
                week = 0
        return (year, week + 1, day + 1)

    def timetuple(self):
        return (self._year, self._month, self._day, 0, 0, 0, self.weekday(),
                _days_before_month(self._year, self._month) + self._day, -1)

    def replace(self, year=None, month=None, day=None):
        return type(self)(self._year if year is None else year, self._month if month is None else month,
                          self._day if day is None else day)

    def isoformat(self):
        return '%04d-%02d-%02d' % (self._year, self._month, self._day)

    def __str__(self):
        return self.isoformat()

    def __repr__(self):
        return 'datetime.date(%d, %d, %d)' % (self._year, self._month, self._day)

    def ctime(self):
        wd = self.weekday()
        return '%s %s %2d 00:00:00 %04d' % (_DAYNAMES[wd], _MONTHNAMES[self._month], self._day, self._year)

    def strftime(self, fmt):
        return _wrap_strftime(fmt, self._year, self._month, self._day, 0, 0, 0, 0, self.weekday(),
                              _days_before_month(self._year, self._month) + self._day, None, None)

    def __format__(self, fmt):
        if fmt:
            return self.strftime(fmt)
        return str(self)

    def _key(self):
        return (self._year, self._month, self._day)

    def _same(self, o):
        return isinstance(o, date) and not isinstance(o, datetime) and not isinstance(self, datetime)

    def __eq__(self, o):
        if isinstance(o, date) and not isinstance(o, datetime):
            return self._key() == o._key()
        return NotImplemented

    def __lt__(self, o):
        if self._same(o):
            return self._key() < o._key()
        return _cmp_error(self, o, '<')

    def __le__(self, o):
        if self._same(o):
            return self._key() <= o._key()
        return _cmp_error(self, o, '<=')

    def __gt__(self, o):
        if self._same(o):
            return self._key() > o._key()
        return _cmp_error(self, o, '>')

    def __ge__(self, o):
        if self._same(o):
            return self._key() >= o._key()
        return _cmp_error(self, o, '>=')

    def __hash__(self):
        return hash(self._key())

    def __add__(self, o):
        if isinstance(o, timedelta):
            n = self.toordinal() + o.days
            if 0 < n <= _MAXORDINAL:
                return type(self).fromordinal(n)
            raise OverflowError('result out of range')
        return NotImplemented

    def __radd__(self, o):
        return self.__add__(o)

    def __sub__(self, o):
        if isinstance(o, timedelta):
            return self + timedelta(-o.days)
        if isinstance(o, date) and not isinstance(o, datetime):
            return timedelta(self.toordinal() - o.toordinal())
        return NotImplemented


def _cmp_error(a, b, op):
    raise TypeError("'%s' not supported between instances of '%s' and '%s'" % (op, type(a).__name__, type(b).__name__))


_MAXORDINAL = 3652059


def _isoweek1monday(year):
    firstday = _ymd2ord(year, 1, 1)
    firstweekday = (firstday + 6) % 7
    week1monday = firstday - firstweekday
    if firstweekday > 3:
        week1monday += 7
    return week1monday


def _parse_isodate(s):
    if len(s) == 10 and s[4] == '-' and s[7] == '-':
        return int(s[0:4]), int(s[5:7]), int(s[8:10])
    if len(s) == 8 and s.isdigit():
        return int(s[0:4]), int(s[4:6]), int(s[6:8])
    raise ValueError('bad date')


def _parse_isotime(s):
    # 'HH[:MM[:SS[.ffffff]]]' with an optional offset; returns (h, m, s, us, tz)
    tz = None
    for i, c in enumerate(s):
        if c in '+-Z':
            tzs = s[i:]
            s = s[:i]
            if tzs == 'Z':
                tz = timezone.utc
            else:
                sign = -1 if tzs[0] == '-' else 1
                h, m, sec, us, _ = _parse_isotime(tzs[1:])
                td = timedelta(hours=h, minutes=m, seconds=sec, microseconds=us)
                tz = timezone.utc if not td else timezone(sign * td)
            break
    us = 0
    if '.' in s or ',' in s:
        s, frac = s.replace(',', '.').split('.', 1)
        if not frac.isdigit() or len(frac) > 9 or not frac:
            raise ValueError('bad fraction')
        us = int((frac + '000000')[:6])
    if ':' in s:
        parts = s.split(':')
    else:
        parts = [s[i:i + 2] for i in range(0, len(s), 2)]
    if not parts or len(parts) > 3 or any(len(p) != 2 or not p.isdigit() for p in parts):
        raise ValueError('bad time')
    vals = [int(p) for p in parts] + [0, 0]
    return vals[0], vals[1], vals[2], us, tz


class tzinfo:
    def utcoffset(self, dt):
        raise NotImplementedError('tzinfo subclass must override utcoffset()')

    def dst(self, dt):
        raise NotImplementedError('tzinfo subclass must override dst()')

    def tzname(self, dt):
        raise NotImplementedError('tzinfo subclass must override tzname()')


class timezone(tzinfo):
    def __init__(self, offset, name=None):
        if not isinstance(offset, timedelta):
            raise TypeError('offset must be a timedelta')
        if not -timedelta(hours=24) < offset < timedelta(hours=24):
            raise ValueError('offset must be a timedelta strictly between -timedelta(hours=24) and timedelta(hours=24), not %r.' % (offset,))
        self._offset = offset
        self._name = name

    def utcoffset(self, dt):
        return self._offset

    def dst(self, dt):
        return None

    def tzname(self, dt):
        if self._name is not None:
            return self._name
        if not self._offset:
            return 'UTC'
        return 'UTC' + _format_offset(self._offset)

    def fromutc(self, dt):
        return dt + self._offset

    def __repr__(self):
        if self is timezone.utc:
            return 'datetime.timezone.utc'
        if self._name is None:
            return 'datetime.timezone(%r)' % (self._offset,)
        return 'datetime.timezone(%r, %r)' % (self._offset, self._name)

    def __str__(self):
        return self.tzname(None)

    def __eq__(self, o):
        if isinstance(o, timezone):
            return self._offset == o._offset
        return NotImplemented

    def __hash__(self):
        return hash(self._offset)


timezone.utc = timezone(timedelta(0))
timezone.min = timezone(-timedelta(hours=23, minutes=59))
timezone.max = timezone(timedelta(hours=23, minutes=59))
UTC = timezone.utc


class time:
    def __init__(self, hour=0, minute=0, second=0, microsecond=0, tzinfo=None, *, fold=0):
        self._hour, self._minute, self._second, self._microsecond = _check_time(hour, minute, second, microsecond)
        self._tzinfo = tzinfo
        self._fold = fold

    hour = property(lambda self: self._hour)
    minute = property(lambda self: self._minute)
    second = property(lambda self: self._second)
    microsecond = property(lambda self: self._microsecond)
    tzinfo = property(lambda self: self._tzinfo)
    fold = property(lambda self: self._fold)

    def utcoffset(self):
        return None if self._tzinfo is None else self._tzinfo.utcoffset(None)

    def tzname(self):
        return None if self._tzinfo is None else self._tzinfo.tzname(None)

    def isoformat(self, timespec='auto'):
        s = _format_time(self._hour, self._minute, self._second, self._microsecond, timespec)
        off = self.utcoffset()
        if off is not None:
            s += _format_offset(off)
        return s

    def __str__(self):
        return self.isoformat()

    def __repr__(self):
        if self._microsecond:
            s = ', %d, %d' % (self._second, self._microsecond)
        elif self._second:
            s = ', %d' % self._second
        else:
            s = ''
        s = 'datetime.time(%d, %d%s)' % (self._hour, self._minute, s)
        if self._tzinfo is not None:
            s = s[:-1] + ', tzinfo=%r)' % self._tzinfo
        return s

    @classmethod
    def fromisoformat(cls, s):
        try:
            h, m, sec, us, tz = _parse_isotime(s[1:] if s[:1] == 'T' else s)
            return cls(h, m, sec, us, tz)
        except (ValueError, IndexError):
            raise ValueError('Invalid isoformat string: %r' % (s,))

    def strftime(self, fmt):
        return _wrap_strftime(fmt, 1900, 1, 1, self._hour, self._minute, self._second, self._microsecond,
                              0, 1, self.tzname(), self.utcoffset())

    def __format__(self, fmt):
        if fmt:
            return self.strftime(fmt)
        return str(self)

    def replace(self, hour=None, minute=None, second=None, microsecond=None, tzinfo=True):
        return time(self._hour if hour is None else hour, self._minute if minute is None else minute,
                    self._second if second is None else second,
                    self._microsecond if microsecond is None else microsecond,
                    self._tzinfo if tzinfo is True else tzinfo)

    def _key(self):
        return (self._hour, self._minute, self._second, self._microsecond)

    def __eq__(self, o):
        if isinstance(o, time):
            return self._key() == o._key() and self.utcoffset() == o.utcoffset()
        return NotImplemented

    def __lt__(self, o):
        return self._key() < o._key()

    def __le__(self, o):
        return self._key() <= o._key()

    def __gt__(self, o):
        return self._key() > o._key()

    def __ge__(self, o):
        return self._key() >= o._key()

    def __hash__(self):
        return hash(self._key())

    def __bool__(self):
        return True


def _format_time(hh, mm, ss, us, timespec):
    if timespec == 'auto':
        timespec = 'microseconds' if us else 'seconds'
    elif timespec == 'milliseconds':
        us //= 1000
    if timespec == 'hours':
        return '%02d' % hh
    if timespec == 'minutes':
        return '%02d:%02d' % (hh, mm)
    if timespec == 'seconds':
        return '%02d:%02d:%02d' % (hh, mm, ss)
    if timespec == 'milliseconds':
        return '%02d:%02d:%02d.%03d' % (hh, mm, ss, us)
    if timespec == 'microseconds':
        return '%02d:%02d:%02d.%06d' % (hh, mm, ss, us)
    raise ValueError('Unknown timespec value')


_EPOCH_ORD = _ymd2ord(1970, 1, 1)


class datetime(date):
    def __init__(self, year, month, day, hour=0, minute=0, second=0, microsecond=0, tzinfo=None, *, fold=0):
        self._year, self._month, self._day = _check_date(year, month, day)
        self._hour, self._minute, self._second, self._microsecond = _check_time(hour, minute, second, microsecond)
        if tzinfo is not None and not isinstance(tzinfo, tzinfo_cls):
            raise TypeError("tzinfo argument must be None or of a tzinfo subclass, not type '%s'" % type(tzinfo).__name__)
        self._tzinfo = tzinfo
        self._fold = fold

    hour = property(lambda self: self._hour)
    minute = property(lambda self: self._minute)
    second = property(lambda self: self._second)
    microsecond = property(lambda self: self._microsecond)
    tzinfo = property(lambda self: self._tzinfo)
    fold = property(lambda self: self._fold)

    @classmethod
    def _from_us(cls, us, tz=None):
        days, rem = divmod(us, 86400 * 1000000)
        y, m, d = _ord2ymd(days + _EPOCH_ORD)
        s, u = divmod(rem, 1000000)
        hh, s = divmod(s, 3600)
        mi, s = divmod(s, 60)
        return cls(y, m, d, hh, mi, s, u, tz)

    def _us(self):
        return ((self.toordinal() - _EPOCH_ORD) * 86400 + self._hour * 3600 + self._minute * 60 + self._second) * 1000000 + self._microsecond

    @classmethod
    def fromtimestamp(cls, t, tz=None):
        us = _round_half_even(t * 1e6) if isinstance(t, float) else t * 1000000
        if tz is None:
            secs, frac = divmod(us, 1000000)
            lt = _time.localtime(secs)
            return cls(lt[0], lt[1], lt[2], lt[3], lt[4], lt[5], frac)
        return tz.fromutc(cls._from_us(us, tz))

    @classmethod
    def utcfromtimestamp(cls, t):
        us = _round_half_even(t * 1e6) if isinstance(t, float) else t * 1000000
        return cls._from_us(us)

    @classmethod
    def now(cls, tz=None):
        return cls.fromtimestamp(_time.time(), tz)

    @classmethod
    def today(cls):
        return cls.fromtimestamp(_time.time())

    @classmethod
    def utcnow(cls):
        return cls.utcfromtimestamp(_time.time())

    @classmethod
    def combine(cls, d, t, tzinfo=True):
        if tzinfo is True:
            tzinfo = t.tzinfo
        return cls(d.year, d.month, d.day, t.hour, t.minute, t.second, t.microsecond, tzinfo)

    @classmethod
    def fromisoformat(cls, s):
        if not isinstance(s, str):
            raise TypeError('fromisoformat: argument must be str')
        try:
            if len(s) >= 10 and s[4] == '-':
                ds, rest = s[:10], s[10:]
            else:
                ds, rest = s[:8], s[8:]
            y, m, d = _parse_isodate(ds)
            if rest:
                if rest[0] not in 'T ':
                    raise ValueError('bad separator')
                h, mi, sec, us, tz = _parse_isotime(rest[1:])
            else:
                h = mi = sec = us = 0
                tz = None
            return cls(y, m, d, h, mi, sec, us, tz)
        except (ValueError, IndexError):
            raise ValueError('Invalid isoformat string: %r' % (s,))

    @classmethod
    def strptime(cls, date_string, format):
        return _strptime(cls, date_string, format)

    def date(self):
        return date(self._year, self._month, self._day)

    def time(self):
        return time(self._hour, self._minute, self._second, self._microsecond)

    def timetz(self):
        return time(self._hour, self._minute, self._second, self._microsecond, self._tzinfo)

    def utcoffset(self):
        return None if self._tzinfo is None else self._tzinfo.utcoffset(self)

    def tzname(self):
        return None if self._tzinfo is None else self._tzinfo.tzname(self)

    def dst(self):
        return None if self._tzinfo is None else self._tzinfo.dst(self)

    def _local_offset_us(self, u):
        lt = _time.localtime(u // 1000000)
        local = datetime(lt[0], lt[1], lt[2], lt[3], lt[4], lt[5])._us()
        return local - (u // 1000000) * 1000000

    def timestamp(self):
        if self._tzinfo is None:
            t = self._us()
            u = t - self._local_offset_us(t)
            u = t - self._local_offset_us(u)
            return u / 1e6
        return (self._us() - self.utcoffset()._to_us()) / 1e6

    def timetuple(self):
        return (self._year, self._month, self._day, self._hour, self._minute, self._second, self.weekday(),
                _days_before_month(self._year, self._month) + self._day, -1)

    def astimezone(self, tz=None):
        if self._tzinfo is None:
            u = self._us() - self._local_offset_us(self._us())
        else:
            u = self._us() - self.utcoffset()._to_us()
        if tz is None:
            lt_off = self._local_offset_us(u)
            secs = lt_off // 1000000
            return datetime._from_us(u + lt_off, timezone(timedelta(seconds=secs), _time.strftime('%Z', _time.localtime(u // 1000000))))
        return tz.fromutc(datetime._from_us(u, tz))

    def replace(self, year=None, month=None, day=None, hour=None, minute=None, second=None,
                microsecond=None, tzinfo=True, *, fold=None):
        return type(self)(self._year if year is None else year, self._month if month is None else month,
                          self._day if day is None else day, self._hour if hour is None else hour,
                          self._minute if minute is None else minute,
                          self._second if second is None else second,
                          self._microsecond if microsecond is None else microsecond,
                          self._tzinfo if tzinfo is True else tzinfo)

    def isoformat(self, sep='T', timespec='auto'):
        s = '%04d-%02d-%02d%s' % (self._year, self._month, self._day, sep) + \
            _format_time(self._hour, self._minute, self._second, self._microsecond, timespec)
        off = self.utcoffset()
        if off is not None:
            s += _format_offset(off)
        return s

    def __str__(self):
        return self.isoformat(sep=' ')

    def __repr__(self):
        L = [self._year, self._month, self._day, self._hour, self._minute, self._second, self._microsecond]
        if L[-1] == 0:
            del L[-1]
        if L[-1] == 0:
            del L[-1]
        s = 'datetime.datetime(%s)' % ', '.join(map(str, L))
        if self._tzinfo is not None:
            s = s[:-1] + ', tzinfo=%r' % self._tzinfo + ')'
        return s

    def ctime(self):
        wd = self.weekday()
        return '%s %s %2d %02d:%02d:%02d %04d' % (_DAYNAMES[wd], _MONTHNAMES[self._month], self._day,
                                                  self._hour, self._minute, self._second, self._year)

    def strftime(self, fmt):
        return _wrap_strftime(fmt, self._year, self._month, self._day, self._hour, self._minute, self._second,
                              self._microsecond, self.weekday(),
                              _days_before_month(self._year, self._month) + self._day, self.tzname(),
                              self.utcoffset())

    def _cmpkey(self, o, op):
        if not isinstance(o, datetime):
            if op == '==':
                return None
            if isinstance(o, date):
                raise TypeError("can't compare datetime.datetime to datetime.date")
            _cmp_error(self, o, op)
        a = self.utcoffset()
        b = o.utcoffset()
        if (a is None) != (b is None):
            if op == '==':
                return None
            raise TypeError('can\'t compare offset-naive and offset-aware datetimes')
        x = self._us() - (a._to_us() if a is not None else 0)
        y = o._us() - (b._to_us() if b is not None else 0)
        return x, y

    def __eq__(self, o):
        if not isinstance(o, datetime):
            return NotImplemented if not isinstance(o, date) else False
        k = self._cmpkey(o, '==')
        return k is not None and k[0] == k[1]

    def __lt__(self, o):
        x, y = self._cmpkey(o, '<')
        return x < y

    def __le__(self, o):
        x, y = self._cmpkey(o, '<=')
        return x <= y

    def __gt__(self, o):
        x, y = self._cmpkey(o, '>')
        return x > y

    def __ge__(self, o):
        x, y = self._cmpkey(o, '>=')
        return x >= y

    def __hash__(self):
        off = self.utcoffset()
        return hash(self._us() - (off._to_us() if off is not None else 0))

    def __add__(self, o):
        if isinstance(o, timedelta):
            r = datetime._from_us(self._us() + o._to_us(), self._tzinfo)
            return r
        return NotImplemented

    def __radd__(self, o):
        return self.__add__(o)

    def __sub__(self, o):
        if isinstance(o, timedelta):
            return self + (-o)
        if isinstance(o, datetime):
            a = self.utcoffset()
            b = o.utcoffset()
            if (a is None) != (b is None):
                raise TypeError('can\'t subtract offset-naive and offset-aware datetimes')
            x = self._us() - (a._to_us() if a is not None else 0)
            y = o._us() - (b._to_us() if b is not None else 0)
            return timedelta._from_us(x - y)
        return NotImplemented


tzinfo_cls = tzinfo
date.min = date(1, 1, 1)
date.max = date(9999, 12, 31)
date.resolution = timedelta(days=1)
datetime.min = datetime(1, 1, 1)
datetime.max = datetime(9999, 12, 31, 23, 59, 59, 999999)
datetime.resolution = timedelta(microseconds=1)
time.min = time(0, 0, 0)
time.max = time(23, 59, 59, 999999)


def _strptime(cls, s, fmt):
    if not isinstance(s, str):
        raise TypeError('strptime() argument 1 must be str, not ' + type(s).__name__)
    vals = {'Y': 1900, 'm': 1, 'd': 1, 'H': 0, 'M': 0, 'S': 0, 'f': 0}
    pm = None
    tz = None
    i = 0
    j = 0
    n = len(fmt)

    def fail():
        raise ValueError('time data %r does not match format %r' % (s, fmt))

    def num(maxlen, j):
        k = j
        while k < len(s) and k - j < maxlen and s[k].isdigit():
            k += 1
        if k == j:
            fail()
        return int(s[j:k]), k

    def word(names, j):
        low = s[j:].lower()
        best = None
        for idx, nm in enumerate(names):
            if nm is not None and low.startswith(nm.lower()) and (best is None or len(nm) > len(names[best])):
                best = idx
        if best is None:
            fail()
        return best, j + len(names[best])

    while i < n:
        c = fmt[i]
        if c == '%' and i + 1 < n:
            k = fmt[i + 1]
            i += 2
            if k in 'YmdHMSIjy':
                maxlen = {'Y': 4, 'j': 3}.get(k, 2)
                v, j = num(maxlen, j)
                if (k == 'm' and not 1 <= v <= 12) or (k == 'd' and not 1 <= v <= 31) or \
                        (k == 'H' and v > 23) or (k == 'M' and v > 59) or (k == 'S' and v > 61) or \
                        (k == 'I' and not 1 <= v <= 12) or (k == 'j' and not 1 <= v <= 366):
                    fail()
                if k == 'y':
                    vals['Y'] = v + (2000 if v < 69 else 1900)
                elif k == 'I':
                    vals['I'] = v
                else:
                    vals[k] = v
            elif k == 'f':
                st = j
                v, j = num(6, j)
                vals['f'] = int((s[st:j] + '000000')[:6])
            elif k == 'p':
                if s[j:j + 2].upper() == 'AM':
                    pm = False
                elif s[j:j + 2].upper() == 'PM':
                    pm = True
                else:
                    fail()
                j += 2
            elif k == 'b' or k == 'h':
                v, j = word(_MONTHNAMES, j)
                vals['m'] = v
            elif k == 'B':
                v, j = word(_FULLMONTHS, j)
                vals['m'] = v
            elif k == 'a':
                v, j = word(_DAYNAMES, j)
            elif k == 'A':
                v, j = word(_FULLDAYS, j)
            elif k == 'z':
                if s[j:j + 1] == 'Z':
                    tz = timezone.utc
                    j += 1
                else:
                    if s[j:j + 1] not in ('+', '-'):
                        fail()
                    sign = -1 if s[j] == '-' else 1
                    k2 = j + 1
                    digits = ''
                    while k2 < len(s) and (s[k2].isdigit() or s[k2] == ':'):
                        if s[k2] != ':':
                            digits += s[k2]
                        k2 += 1
                    if len(digits) not in (4, 6):
                        fail()
                    td = timedelta(hours=int(digits[:2]), minutes=int(digits[2:4]), seconds=int(digits[4:6] or 0))
                    tz = timezone(sign * td)
                    j = k2
            elif k == 'Z':
                for nm in ('UTC', 'GMT'):
                    if s[j:j + 3].upper() == nm:
                        j += 3
                        break
                else:
                    fail()
            elif k == '%':
                if s[j:j + 1] != '%':
                    fail()
                j += 1
            else:
                raise ValueError("'%s' is a bad directive in format '%s'" % (k, '%' + k))
        elif c.isspace():
            i += 1
            while j < len(s) and s[j].isspace():
                j += 1
        else:
            if s[j:j + 1] != c:
                fail()
            i += 1
            j += 1
    if j != len(s):
        raise ValueError('unconverted data remains: ' + s[j:])
    h = vals['H']
    if 'I' in vals:
        h = vals['I'] % 12
        if pm:
            h += 12
    if 'j' in vals:
        d = date.fromordinal(_ymd2ord(vals['Y'], 1, 1) + vals['j'] - 1)
        vals['m'] = d.month
        vals['d'] = d.day
    return cls(vals['Y'], vals['m'], vals['d'], h, vals['M'], vals['S'], vals['f'], tz)
