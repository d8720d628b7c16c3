# _sable_time.py - time.struct_time: a tuple subclass of the nine tm_* items with tm_zone and
# tm_gmtoff beyond them, as CPython's structseq; lang/stdlib/mod_time.c builds it for localtime/gmtime.

_NAMES = ('tm_year', 'tm_mon', 'tm_mday', 'tm_hour', 'tm_min', 'tm_sec', 'tm_wday', 'tm_yday', 'tm_isdst')
_tuple_new = tuple.__new__


class _field:
    def __init__(self, index):
        self.index = index

    def __get__(self, obj, cls=None):
        if obj is None:
            return self
        return tuple.__getitem__(obj, self.index)

    def __set__(self, obj, value):
        raise AttributeError('readonly attribute')


class _extra:
    def __init__(self, index):
        self.index = index

    def __get__(self, obj, cls=None):
        if obj is None:
            return self
        return obj._sable_extra[self.index]

    def __set__(self, obj, value):
        raise AttributeError('readonly attribute')


class struct_time(tuple):
    __module__ = 'time'
    n_sequence_fields = 9
    n_fields = 11
    n_unnamed_fields = 0

    def __new__(cls, sequence, dict=None):
        try:
            seq = tuple(sequence)
        except TypeError:
            raise TypeError('constructor requires a sequence') from None
        n = len(seq)
        if n < 9:
            raise TypeError(f'time.struct_time() takes an at least 9-sequence ({n}-sequence given)')
        if n > 11:
            raise TypeError(f'time.struct_time() takes an at most 11-sequence ({n}-sequence given)')
        self = _tuple_new(cls, seq[:9])
        extra = list(seq[9:]) + [None] * (11 - n)
        if dict is not None:
            if 'tm_zone' in dict and n < 10:
                extra[0] = dict['tm_zone']
            if 'tm_gmtoff' in dict and n < 11:
                extra[1] = dict['tm_gmtoff']
        object.__setattr__(self, '_sable_extra', tuple(extra))
        return self

    def __repr__(self):
        return 'time.struct_time(' + ', '.join(f'{k}={v!r}' for k, v in zip(_NAMES, self)) + ')'

    def __setattr__(self, name, value):
        if name in _NAMES or name in ('tm_zone', 'tm_gmtoff'):
            raise AttributeError('readonly attribute')
        raise AttributeError(f"'time.struct_time' object has no attribute '{name}'")

    def __reduce__(self):
        return (struct_time, (tuple(self), {'tm_zone': self.tm_zone, 'tm_gmtoff': self.tm_gmtoff}))


for _i, _n in enumerate(_NAMES):
    setattr(struct_time, _n, _field(_i))
struct_time.tm_zone = _extra(0)
struct_time.tm_gmtoff = _extra(1)
del _i, _n
