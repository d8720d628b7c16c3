# base64.py - CPython 3.11's base64 module: Base16/32/64/85 and Ascii85 over binascii
# (lang/stdlib/mod_binascii.c), with its padding rules and messages.
import binascii
import struct

__all__ = ['encode', 'decode', 'encodebytes', 'decodebytes', 'b64encode', 'b64decode',
           'b32encode', 'b32decode', 'b32hexencode', 'b32hexdecode', 'b16encode', 'b16decode',
           'b85encode', 'b85decode', 'a85encode', 'a85decode', 'standard_b64encode',
           'standard_b64decode', 'urlsafe_b64encode', 'urlsafe_b64decode']

bytes_types = (bytes, bytearray)


def _bytes_from_decode_data(s):
    if isinstance(s, str):
        try:
            return s.encode('ascii')
        except UnicodeEncodeError:
            raise ValueError('string argument should contain only ASCII characters')
    if isinstance(s, bytes_types):
        return s
    try:
        return memoryview(s).tobytes()
    except (TypeError, NameError):
        raise TypeError("argument should be a bytes-like object or ASCII string, not %r" %
                        s.__class__.__name__) from None


def _to_bytes(s):
    if isinstance(s, bytes_types):
        return s
    return memoryview(s).tobytes()


def b64encode(s, altchars=None):
    encoded = binascii.b2a_base64(s, newline=False)
    if altchars is not None:
        assert len(altchars) == 2, repr(altchars)
        return encoded.translate(bytes.maketrans(b'+/', altchars))
    return encoded


def b64decode(s, altchars=None, validate=False):
    s = _bytes_from_decode_data(s)
    if altchars is not None:
        altchars = _bytes_from_decode_data(altchars)
        assert len(altchars) == 2, repr(altchars)
        s = s.translate(bytes.maketrans(altchars, b'+/'))
    return binascii.a2b_base64(s, strict_mode=validate)


def standard_b64encode(s):
    return b64encode(s)


def standard_b64decode(s):
    return b64decode(s)


_urlsafe_encode_translation = bytes.maketrans(b'+/', b'-_')
_urlsafe_decode_translation = bytes.maketrans(b'-_', b'+/')


def urlsafe_b64encode(s):
    return b64encode(s).translate(_urlsafe_encode_translation)


def urlsafe_b64decode(s):
    s = _bytes_from_decode_data(s)
    s = s.translate(_urlsafe_decode_translation)
    return b64decode(s)


_b32alphabet = b'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
_b32hexalphabet = b'0123456789ABCDEFGHIJKLMNOPQRSTUV'


def _be_int(b):
    acc = 0
    for c in b:
        acc = (acc << 8) | c
    return acc


def _be_bytes5(acc):
    return bytes([(acc >> 32) & 255, (acc >> 24) & 255, (acc >> 16) & 255, (acc >> 8) & 255, acc & 255])


def _b32encode(alphabet, s):
    s = _to_bytes(s)
    leftover = len(s) % 5
    if leftover:
        s = s + b'\0' * (5 - leftover)
    out = bytearray()
    for i in range(0, len(s), 5):
        c = _be_int(s[i: i + 5])
        for sh in (35, 30, 25, 20, 15, 10, 5, 0):
            out.append(alphabet[(c >> sh) & 31])
    if leftover == 1:
        out[-6:] = b'======'
    elif leftover == 2:
        out[-4:] = b'===='
    elif leftover == 3:
        out[-3:] = b'==='
    elif leftover == 4:
        out[-1:] = b'='
    return bytes(out)


def _b32decode(alphabet, s, casefold=False, map01=None):
    s = _bytes_from_decode_data(s)
    if len(s) % 8:
        raise binascii.Error('Incorrect padding')
    if map01 is not None:
        map01 = _bytes_from_decode_data(map01)
        assert len(map01) == 1, repr(map01)
        s = s.translate(bytes.maketrans(b'01', b'O' + map01))
    if casefold:
        s = s.upper()
    l = len(s)
    s = s.rstrip(b'=')
    padchars = l - len(s)
    decoded = bytearray()
    b32rev = {v: k for k, v in enumerate(alphabet)}
    acc = 0
    for i in range(0, len(s), 8):
        quanta = s[i: i + 8]
        acc = 0
        for c in quanta:
            if c not in b32rev:
                raise binascii.Error('Non-base32 digit found')
            acc = (acc << 5) + b32rev[c]
        decoded += _be_bytes5(acc)
    if l % 8 or padchars not in {0, 1, 3, 4, 6}:
        raise binascii.Error('Incorrect padding')
    if padchars and decoded:
        acc <<= 5 * padchars
        last = _be_bytes5(acc)
        leftover = (43 - 5 * padchars) // 8
        decoded[-5:] = last[:leftover]
    return bytes(decoded)


def b32encode(s):
    return _b32encode(_b32alphabet, s)


def b32decode(s, casefold=False, map01=None):
    return _b32decode(_b32alphabet, s, casefold, map01)


def b32hexencode(s):
    return _b32encode(_b32hexalphabet, s)


def b32hexdecode(s, casefold=False):
    return _b32decode(_b32hexalphabet, s, casefold)


def b16encode(s):
    return binascii.hexlify(s).upper()


_B16OK = set(b'0123456789ABCDEF')


def b16decode(s, casefold=False):
    s = _bytes_from_decode_data(s)
    if casefold:
        s = s.upper()
    for c in s:
        if c not in _B16OK:
            raise binascii.Error('Non-base16 digit found')
    return binascii.unhexlify(s)


_a85chars = None
_a85chars2 = None
_A85START = b"<~"
_A85END = b"~>"


def _85encode(b, chars, chars2, pad=False, foldnuls=False, foldspaces=False):
    b = _to_bytes(b)
    padding = (-len(b)) % 4
    if padding:
        b = b + b'\0' * padding
    words = struct.unpack('!%dI' % (len(b) // 4), b)
    chunks = [b'z' if foldnuls and not word else
              b'y' if foldspaces and word == 0x20202020 else
              (chars2[word // 614125] + chars2[word // 85 % 7225] + chars[word % 85])
              for word in words]
    if padding and not pad:
        if chunks[-1] == b'z':
            chunks[-1] = chars[0] * 5
        chunks[-1] = chunks[-1][:-padding]
    return b''.join(chunks)


def a85encode(b, *, foldspaces=False, wrapcol=0, pad=False, adobe=False):
    global _a85chars, _a85chars2
    if _a85chars2 is None:
        _a85chars = [bytes((i,)) for i in range(33, 118)]
        _a85chars2 = [(a + b) for a in _a85chars for b in _a85chars]
    result = _85encode(b, _a85chars, _a85chars2, pad, True, foldspaces)
    if adobe:
        result = _A85START + result
    if wrapcol:
        wrapcol = max(2 if adobe else 1, wrapcol)
        chunks = [result[i: i + wrapcol] for i in range(0, len(result), wrapcol)]
        if adobe:
            if len(chunks[-1]) + 2 > wrapcol:
                chunks.append(b'')
        result = b'\n'.join(chunks)
    if adobe:
        result += _A85END
    return result


def a85decode(b, *, foldspaces=False, adobe=False, ignorechars=b' \t\n\r\v'):
    b = _bytes_from_decode_data(b)
    if adobe:
        if not b.endswith(_A85END):
            raise ValueError("Ascii85 encoded byte sequences must end with {!r}".format(_A85END))
        if b.startswith(_A85START):
            b = b[2:-2]
        else:
            b = b[:-2]
    decoded = []
    curr = []
    for x in b + b'u' * 4:
        if 33 <= x <= 117:
            curr.append(x)
            if len(curr) == 5:
                acc = 0
                for y in curr:
                    acc = 85 * acc + (y - 33)
                if acc > 0xffffffff:
                    raise ValueError('Ascii85 overflow')
                decoded.append(struct.pack('!I', acc))
                curr.clear()
        elif x == 122:
            if curr:
                raise ValueError('z inside Ascii85 5-tuple')
            decoded.append(b'\0\0\0\0')
        elif foldspaces and x == 121:
            if curr:
                raise ValueError('y inside Ascii85 5-tuple')
            decoded.append(b'\x20\x20\x20\x20')
        elif x in ignorechars:
            continue
        else:
            raise ValueError('Non-Ascii85 digit found: %s' % chr(x))
    result = b''.join(decoded)
    padding = 4 - len(curr)
    if padding:
        result = result[:-padding]
    return result


_b85alphabet = (b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                b"abcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~")
_b85chars = None
_b85chars2 = None
_b85dec = None


def b85encode(b, pad=False):
    global _b85chars, _b85chars2
    if _b85chars2 is None:
        _b85chars = [bytes((i,)) for i in _b85alphabet]
        _b85chars2 = [(a + b) for a in _b85chars for b in _b85chars]
    return _85encode(b, _b85chars, _b85chars2, pad)


def b85decode(b):
    global _b85dec
    if _b85dec is None:
        _b85dec = [None] * 256
        for i, c in enumerate(_b85alphabet):
            _b85dec[c] = i
    b = _bytes_from_decode_data(b)
    padding = (-len(b)) % 5
    b = b + b'~' * padding
    out = []
    for i in range(0, len(b), 5):
        chunk = b[i:i + 5]
        acc = 0
        for j, c in enumerate(chunk):
            d = _b85dec[c]
            if d is None:
                raise ValueError('bad base85 character at position %d' % (i + j))
            acc = acc * 85 + d
        if acc > 0xffffffff:
            raise ValueError('base85 overflow in hunk starting at byte %d' % i)
        out.append(struct.pack('!I', acc))
    result = b''.join(out)
    if padding:
        result = result[:-padding]
    return result


MAXLINESIZE = 76
MAXBINSIZE = (MAXLINESIZE // 4) * 3


def _input_type_check(s):
    if not isinstance(s, bytes_types):
        raise TypeError("expected bytes-like object, not %s" % s.__class__.__name__)


def encodebytes(s):
    _input_type_check(s)
    pieces = []
    for i in range(0, len(s), MAXBINSIZE):
        chunk = s[i: i + MAXBINSIZE]
        pieces.append(binascii.b2a_base64(chunk))
    return b"".join(pieces)


def decodebytes(s):
    _input_type_check(s)
    return binascii.a2b_base64(s)


def encode(input, output):
    while True:
        s = input.read(MAXBINSIZE)
        if not s:
            break
        while len(s) < MAXBINSIZE:
            ns = input.read(MAXBINSIZE - len(s))
            if not ns:
                break
            s += ns
        line = binascii.b2a_base64(s)
        output.write(line)


def decode(input, output):
    while True:
        line = input.readline()
        if not line:
            break
        s = binascii.a2b_base64(line)
        output.write(s)
