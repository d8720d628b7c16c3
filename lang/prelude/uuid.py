# uuid.py - CPython 3.11's uuid module: UUID, uuid1 (time-based, random node), uuid3/uuid5
# (md5/sha1 of a namespace), uuid4 (os.urandom). A UUID keeps its 16 bytes; UUID.int is the
# 128-bit int they spell.
import os
from enum import Enum

__all__ = ['UUID', 'uuid1', 'uuid3', 'uuid4', 'uuid5', 'getnode', 'SafeUUID', 'NAMESPACE_DNS',
           'NAMESPACE_URL', 'NAMESPACE_OID', 'NAMESPACE_X500', 'RESERVED_NCS', 'RFC_4122',
           'RESERVED_MICROSOFT', 'RESERVED_FUTURE']

RESERVED_NCS, RFC_4122, RESERVED_MICROSOFT, RESERVED_FUTURE = [
    'reserved for NCS compatibility', 'specified in RFC 4122',
    'reserved for Microsoft compatibility', 'reserved for future definition']

_bytes = bytes
_int = int


class SafeUUID(Enum):
    safe = 0
    unsafe = -1
    unknown = None


def _be(b):
    acc = 0
    for c in b:
        acc = (acc << 8) | c
    return acc


def _be_bytes(v, n):
    out = bytearray(n)
    for i in range(n - 1, -1, -1):
        out[i] = v & 255
        v >>= 8
    return out


class UUID:
    def __init__(self, hex=None, bytes=None, bytes_le=None, fields=None, int=None, version=None,
                 *, is_safe=SafeUUID.unknown):
        if [hex, bytes, bytes_le, fields, int].count(None) != 4:
            raise TypeError('one of the hex, bytes, bytes_le, fields, or int arguments must be given')
        if hex is not None:
            hex = hex.replace('urn:', '').replace('uuid:', '')
            hex = hex.strip('{}').replace('-', '')
            if len(hex) != 32:
                raise ValueError('badly formed hexadecimal UUID string')
            try:
                raw = bytearray(_bytes.fromhex(hex))
            except ValueError:
                raise ValueError("invalid literal for int() with base 16: %r" % hex) from None
            if len(raw) != 16:
                raise ValueError("invalid literal for int() with base 16: %r" % hex)
        elif bytes_le is not None:
            if len(bytes_le) != 16:
                raise ValueError('bytes_le is not a 16-char string')
            raw = bytearray(bytes_le[4 - 1::-1] + bytes_le[6 - 1:4 - 1:-1] +
                            bytes_le[8 - 1:6 - 1:-1] + bytes_le[8:])
        elif bytes is not None:
            if len(bytes) != 16:
                raise ValueError('bytes is not a 16-char string')
            assert isinstance(bytes, _bytes), repr(bytes)
            raw = bytearray(bytes)
        elif fields is not None:
            if len(fields) != 6:
                raise ValueError('fields is not a 6-tuple')
            (time_low, time_mid, time_hi_version, clock_seq_hi_variant, clock_seq_low, node) = fields
            if not 0 <= time_low < 1 << 32:
                raise ValueError('field 1 out of range (need a 32-bit value)')
            if not 0 <= time_mid < 1 << 16:
                raise ValueError('field 2 out of range (need a 16-bit value)')
            if not 0 <= time_hi_version < 1 << 16:
                raise ValueError('field 3 out of range (need a 16-bit value)')
            if not 0 <= clock_seq_hi_variant < 1 << 8:
                raise ValueError('field 4 out of range (need an 8-bit value)')
            if not 0 <= clock_seq_low < 1 << 8:
                raise ValueError('field 5 out of range (need an 8-bit value)')
            if not 0 <= node < 1 << 48:
                raise ValueError('field 6 out of range (need a 48-bit value)')
            raw = (_be_bytes(time_low, 4) + _be_bytes(time_mid, 2) + _be_bytes(time_hi_version, 2) +
                   _bytes([clock_seq_hi_variant, clock_seq_low]) + _be_bytes(node, 6))
        else:
            if not 0 <= int < 1 << 128:
                raise ValueError('int is out of range (need a 128-bit value)')
            raw = _be_bytes(int, 16)
        if version is not None:
            if not 1 <= version <= 5:
                raise ValueError('illegal version number')
            raw[8] = (raw[8] & 0x3f) | 0x80
            raw[6] = (raw[6] & 0x0f) | (version << 4)
        if not isinstance(is_safe, SafeUUID):
            is_safe = SafeUUID(is_safe)
        object.__setattr__(self, '_raw', _bytes(raw))
        object.__setattr__(self, 'is_safe', is_safe)

    def __eq__(self, other):
        if isinstance(other, UUID):
            return self._raw == other._raw
        return NotImplemented

    def __ne__(self, other):
        if isinstance(other, UUID):
            return self._raw != other._raw
        return NotImplemented

    def __lt__(self, other):
        if isinstance(other, UUID):
            return self._raw < other._raw
        return NotImplemented

    def __gt__(self, other):
        if isinstance(other, UUID):
            return self._raw > other._raw
        return NotImplemented

    def __le__(self, other):
        if isinstance(other, UUID):
            return self._raw <= other._raw
        return NotImplemented

    def __ge__(self, other):
        if isinstance(other, UUID):
            return self._raw >= other._raw
        return NotImplemented

    def __hash__(self):
        return hash(self._raw)

    def __int__(self):
        return self.int

    def __repr__(self):
        return '%s(%r)' % (self.__class__.__name__, str(self))

    def __setattr__(self, name, value):
        raise TypeError('UUID objects are immutable')

    def __str__(self):
        h = self.hex
        return '%s-%s-%s-%s-%s' % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])

    @property
    def int(self):
        return _be(self._raw)

    @property
    def bytes(self):
        return self._raw

    @property
    def bytes_le(self):
        b = self._raw
        return (b[4 - 1::-1] + b[6 - 1:4 - 1:-1] + b[8 - 1:6 - 1:-1] + b[8:])

    @property
    def fields(self):
        return (self.time_low, self.time_mid, self.time_hi_version, self.clock_seq_hi_variant,
                self.clock_seq_low, self.node)

    @property
    def time_low(self):
        return _be(self._raw[0:4])

    @property
    def time_mid(self):
        return _be(self._raw[4:6])

    @property
    def time_hi_version(self):
        return _be(self._raw[6:8])

    @property
    def clock_seq_hi_variant(self):
        return self._raw[8]

    @property
    def clock_seq_low(self):
        return self._raw[9]

    @property
    def time(self):
        return (((self.time_hi_version & 0x0fff) << 48) | (self.time_mid << 32) | self.time_low)

    @property
    def clock_seq(self):
        return (((self.clock_seq_hi_variant & 0x3f) << 8) | self.clock_seq_low)

    @property
    def node(self):
        return _be(self._raw[10:16])

    @property
    def hex(self):
        return self._raw.hex()

    @property
    def urn(self):
        return 'urn:uuid:' + str(self)

    @property
    def variant(self):
        b = self._raw[8]
        if not b & 0x80:
            return RESERVED_NCS
        elif not b & 0x40:
            return RFC_4122
        elif not b & 0x20:
            return RESERVED_MICROSOFT
        else:
            return RESERVED_FUTURE

    @property
    def version(self):
        if self.variant == RFC_4122:
            return self._raw[6] >> 4


_node = None


def _random_getnode():
    # a random 48-bit number with the multicast bit set (RFC 4122 4.1.6), as CPython's fallback
    return _be(os.urandom(6)) | (1 << 40)


def getnode():
    global _node
    if _node is None:
        _node = _random_getnode()
    return _node


_last_timestamp = None


def uuid1(node=None, clock_seq=None):
    global _last_timestamp
    import time
    nanoseconds = time.time_ns()
    timestamp = nanoseconds // 100 + 0x01b21dd213814000
    if _last_timestamp is not None and timestamp <= _last_timestamp:
        timestamp = _last_timestamp + 1
    _last_timestamp = timestamp
    if clock_seq is None:
        import random
        clock_seq = random.getrandbits(14)
    time_low = timestamp & 0xffffffff
    time_mid = (timestamp >> 32) & 0xffff
    time_hi_version = (timestamp >> 48) & 0x0fff
    clock_seq_low = clock_seq & 0xff
    clock_seq_hi_variant = (clock_seq >> 8) & 0x3f
    if node is None:
        node = getnode()
    return UUID(fields=(time_low, time_mid, time_hi_version, clock_seq_hi_variant, clock_seq_low, node),
                version=1)


def uuid3(namespace, name):
    name = _bytes(name, "utf-8")
    from hashlib import md5
    digest = md5(namespace.bytes + name, usedforsecurity=False).digest()
    return UUID(bytes=digest[:16], version=3)


def uuid4():
    return UUID(bytes=os.urandom(16), version=4)


def uuid5(namespace, name):
    name = _bytes(name, "utf-8")
    from hashlib import sha1
    hash = sha1(namespace.bytes + name, usedforsecurity=False).digest()
    return UUID(bytes=hash[:16], version=5)


NAMESPACE_DNS = UUID('6ba7b810-9dad-11d1-80b4-00c04fd430c8')
NAMESPACE_URL = UUID('6ba7b811-9dad-11d1-80b4-00c04fd430c8')
NAMESPACE_OID = UUID('6ba7b812-9dad-11d1-80b4-00c04fd430c8')
NAMESPACE_X500 = UUID('6ba7b814-9dad-11d1-80b4-00c04fd430c8')
