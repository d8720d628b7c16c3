# enum - Enum, IntEnum, StrEnum, Flag, IntFlag, auto, unique over a metaclass (EnumType), with
# CPython 3.11's reprs, strs, lookups and errors. IntEnum/IntFlag/StrEnum members are real
# ints and strs (made by the data type's __new__); comparison and hashing go by the value.

_auto_null = object()

class auto:
    def __init__(self, value=_auto_null):
        self.value = value
    def __repr__(self):
        return "auto(%r)" % (self.value,)

def _is_dunder(n):
    return len(n) > 4 and n[:2] == n[-2:] == "__" and n[2] != "_" and n[-3] != "_"

def _is_sunder(n):
    return len(n) > 2 and n[0] == n[-1] == "_" and n[1:2] != "_" and n[-2:-1] != "_"

def _is_descriptor(v):
    return (callable(v) and not isinstance(v, (Enum, auto))) or isinstance(
        v, (property, staticmethod, classmethod)) or hasattr(type(v), "__get__")

def _new_member(cls, value):
    # the data type's __new__ for a mixed-in builtin (IntEnum: int), else object's
    for base in cls.__mro__[1:]:
        if base is int or base is str or base is float:
            return base.__new__(cls, value)
    return object.__new__(cls)

def _is_single_bit(v):
    return v != 0 and (v & (v - 1)) == 0

class EnumType(type):
    def __new__(metacls, cls, bases, classdict, **kwds):
        member_names = [k for k, v in classdict.items()
                        if not _is_dunder(k) and not _is_sunder(k) and not _is_descriptor(v)]
        body = {k: v for k, v in classdict.items() if k not in member_names}
        enum_class = super().__new__(metacls, cls, bases, body, **kwds)
        # as CPython's EnumType: a data type's repr/str/format (int.__repr__ of an IntEnum) do
        # not replace the enum's, unless the class body defines them
        first_enum = None
        for b in reversed(bases):
            if isinstance(b, EnumType):
                first_enum = b
                break
        if first_enum is not None:
            member_type = object
            for b in enum_class.__mro__[1:]:
                if b is not object and not isinstance(b, EnumType):
                    member_type = b
                    break
            for name in ('__repr__', '__str__', '__format__', '__reduce_ex__'):
                if name not in classdict:
                    enum_method = getattr(first_enum, name, None)
                    found = getattr(enum_class, name, None)
                    if enum_method is not None and found is not None and (
                            found is getattr(member_type, name, None)
                            or found is getattr(object, name, None)):
                        type.__setattr__(enum_class, name, enum_method)
        type.__setattr__(enum_class, "_member_names_", [])
        type.__setattr__(enum_class, "_member_map_", {})
        type.__setattr__(enum_class, "_value2member_map_", {})
        last = []
        for name in member_names:
            value = classdict[name]
            if isinstance(value, auto):
                if value.value is _auto_null:
                    value.value = enum_class._generate_next_value_(name, 1, len(last), last[:])
                value = value.value
            last.append(value)
            enum_class._add_member_(name, value)
        return enum_class

    def _add_member_(cls, name, value):
        for m in cls._member_map_.values():
            if m._value_ == value:
                cls._member_map_[name] = m
                type.__setattr__(cls, name, m)
                return m
        m = _new_member(cls, value)
        m._name_ = name
        m._value_ = value
        init = getattr(cls, "__init__", None)
        if init is not None and init is not Enum.__init__:
            if isinstance(value, tuple):
                init(m, *value)
            else:
                init(m, value)
        m._sort_order_ = len(cls._member_names_)
        cls._member_names_.append(name)
        cls._member_map_[name] = m
        try:
            cls._value2member_map_[value] = m
        except TypeError:
            pass
        type.__setattr__(cls, name, m)
        return m

    def __call__(cls, value, *args, **kwds):
        if args or kwds:
            return _functional(cls, value, *args, **kwds)
        if isinstance(value, cls):
            return value
        try:
            return cls._value2member_map_[value]
        except (KeyError, TypeError):
            pass
        for m in cls._member_map_.values():
            if m._value_ == value:
                return m
        r = cls._missing_(value)
        if isinstance(r, cls):
            return r
        raise ValueError("%r is not a valid %s" % (value, cls.__qualname__))

    def __getitem__(cls, name):
        return cls._member_map_[name]

    def __iter__(cls):
        return iter([cls._member_map_[n] for n in cls._member_names_])

    def __reversed__(cls):
        return iter([cls._member_map_[n] for n in reversed(cls._member_names_)])

    def __len__(cls):
        return len(cls._member_names_)

    def __contains__(cls, member):
        if not isinstance(member, Enum):
            raise TypeError("unsupported operand type(s) for 'in': '%s' and '%s'" % (
                type(member).__qualname__, type(cls).__qualname__))
        return isinstance(member, cls) and member._name_ in cls._member_map_

    def __bool__(cls):
        return True

    def __repr__(cls):
        if Flag is not None and issubclass(cls, Flag):
            return "<flag %r>" % cls.__name__
        return "<enum %r>" % cls.__name__

    @property
    def __members__(cls):
        return dict(cls._member_map_)

    def __setattr__(cls, name, value):
        if name in cls.__dict__.get("_member_map_", {}):
            raise AttributeError("cannot reassign member %r" % name)
        super().__setattr__(name, value)

    def __delattr__(cls, name):
        if name in cls.__dict__.get("_member_map_", {}):
            raise AttributeError("cannot delete member %r" % name)
        type.__delattr__(cls, name)

EnumMeta = EnumType
Flag = None

def _functional(cls, name, names, module=None, qualname=None, type=None, start=1):
    if isinstance(names, str):
        names = names.replace(",", " ").split()
    body = {}
    if names and isinstance(names[0], str):
        for i, n in enumerate(names):
            body[n] = start + i if not issubclass(cls, Flag) else 1 << (start - 1 + i)
    else:
        for n, v in (names.items() if isinstance(names, dict) else names):
            body[n] = v
    return EnumType(name, (cls,), body)

class Enum(metaclass=EnumType):
    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        for v in reversed(last_values):
            try:
                return v + 1
            except TypeError:
                pass
        return start

    @classmethod
    def _missing_(cls, value):
        return None

    def __init__(self, *args, **kwds):
        pass

    def __repr__(self):
        return "<%s.%s: %r>" % (type(self).__name__, self._name_, self._value_)

    def __str__(self):
        return "%s.%s" % (type(self).__name__, self._name_)

    def __format__(self, spec):
        return format(str(self), spec)

    def __hash__(self):
        return hash(self._name_)

    def __dir__(self):
        return ["__class__", "__doc__", "__eq__", "__hash__", "__module__", "name", "value"]

    def __reduce_ex__(self, proto):
        return type(self), (self._value_,)

    @property
    def name(self):
        return self._name_

    @property
    def value(self):
        return self._value_

class ReprEnum(Enum):
    def __str__(self):
        return str(self._value_)
    def __format__(self, spec):
        return format(self._value_, spec)

def _v(x):
    return x._value_ if isinstance(x, Enum) else x

class _ValueOps:
    # comparison and arithmetic on the value, for IntEnum, StrEnum and IntFlag
    def __eq__(self, o): return self._value_ == _v(o)
    def __ne__(self, o): return self._value_ != _v(o)
    def __lt__(self, o): return self._value_ < _v(o)
    def __le__(self, o): return self._value_ <= _v(o)
    def __gt__(self, o): return self._value_ > _v(o)
    def __ge__(self, o): return self._value_ >= _v(o)
    def __hash__(self): return hash(self._value_)
    def __add__(self, o): return self._value_ + _v(o)
    def __radd__(self, o): return _v(o) + self._value_
    def __sub__(self, o): return self._value_ - _v(o)
    def __rsub__(self, o): return _v(o) - self._value_
    def __mul__(self, o): return self._value_ * _v(o)
    def __rmul__(self, o): return _v(o) * self._value_
    def __truediv__(self, o): return self._value_ / _v(o)
    def __floordiv__(self, o): return self._value_ // _v(o)
    def __mod__(self, o): return self._value_ % _v(o)
    def __pow__(self, o): return self._value_ ** _v(o)
    def __neg__(self): return -self._value_
    def __abs__(self): return abs(self._value_)
    def __int__(self): return int(self._value_)
    def __index__(self): return int(self._value_)
    def __float__(self): return float(self._value_)
    def __bool__(self): return bool(self._value_)

class IntEnum(int, _ValueOps, ReprEnum):
    pass

class StrEnum(str, _ValueOps, ReprEnum):
    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        return name.lower()

class Flag(Enum):
    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        if not count:
            return start if start is not None else 1
        high = max(last_values)
        return 1 << high.bit_length() if high > 0 else 1

    _keep_extra_bits_ = False

    @classmethod
    def _missing_(cls, value):
        if not isinstance(value, int):
            return None
        all_bits = 0
        for m in cls._member_map_.values():
            all_bits |= m._value_
        if value < 0 or (value & ~all_bits and not cls._keep_extra_bits_):
            return None
        parts = [cls._member_map_[n] for n in cls._member_names_
                 if _is_single_bit(cls._member_map_[n]._value_)
                 and cls._member_map_[n]._value_ & value == cls._member_map_[n]._value_]
        m = _new_member(cls, value)
        names = [p._name_ for p in parts]
        if value & ~all_bits:
            names.append(str(value & ~all_bits))
        m._name_ = "|".join(names) if value else None
        m._value_ = value
        cls._value2member_map_[value] = m
        return m

    def __repr__(self):
        if self._name_ is None:
            return "<%s: %r>" % (type(self).__name__, self._value_)
        return "<%s.%s: %r>" % (type(self).__name__, self._name_, self._value_)

    def __str__(self):
        if self._name_ is None:
            return "%s(%r)" % (type(self).__name__, self._value_)
        return "%s.%s" % (type(self).__name__, self._name_)

    def __iter__(self):
        cls = type(self)
        return iter([cls._member_map_[n] for n in cls._member_names_
                     if _is_single_bit(cls._member_map_[n]._value_)
                     and cls._member_map_[n]._value_ & self._value_ == cls._member_map_[n]._value_])

    def __len__(self):
        return len(list(iter(self)))

    def __contains__(self, other):
        if not isinstance(other, type(self)):
            raise TypeError("unsupported operand type(s) for 'in': '%s' and '%s'" % (
                type(other).__qualname__, type(self).__qualname__))
        return other._value_ & self._value_ == other._value_

    def __bool__(self):
        return bool(self._value_)

    def __or__(self, other):
        if not isinstance(other, type(self)):
            return NotImplemented
        return type(self)(self._value_ | other._value_)

    def __and__(self, other):
        if not isinstance(other, type(self)):
            return NotImplemented
        return type(self)(self._value_ & other._value_)

    def __xor__(self, other):
        if not isinstance(other, type(self)):
            return NotImplemented
        return type(self)(self._value_ ^ other._value_)

    def __invert__(self):
        cls = type(self)
        all_bits = 0
        for m in cls._member_map_.values():
            all_bits |= m._value_
        return cls(all_bits & ~self._value_)

class IntFlag(int, _ValueOps, Flag):
    _keep_extra_bits_ = True
    def __str__(self):
        return str(self._value_)
    def __format__(self, spec):
        return format(self._value_, spec)
    def __or__(self, other):
        return type(self)(self._value_ | _v(other))
    def __and__(self, other):
        return type(self)(self._value_ & _v(other))
    def __xor__(self, other):
        return type(self)(self._value_ ^ _v(other))
    __ror__ = __or__
    __rand__ = __and__
    __rxor__ = __xor__

def unique(enumeration):
    duplicates = []
    for name, member in enumeration.__members__.items():
        if name != member.name:
            duplicates.append((name, member.name))
    if duplicates:
        alias_details = ", ".join("%s -> %s" % (alias, name) for alias, name in duplicates)
        raise ValueError("duplicate values found in %r: %s" % (enumeration, alias_details))
    return enumeration
