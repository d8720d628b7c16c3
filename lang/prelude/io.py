# io - in-memory streams (BytesIO, StringIO), TextIOWrapper over a binary stream, and io.open
# (the builtin open); the file objects themselves are native (lang/core/file.c).
import builtins

open = builtins.open
SEEK_SET = 0
SEEK_CUR = 1
SEEK_END = 2
DEFAULT_BUFFER_SIZE = 8192


class UnsupportedOperation(OSError, ValueError):
    # CPython's also derives from ValueError (Sable classes have one base)
    pass


class IOBase:
    closed = False

    def _check(self):
        if self.closed:
            raise ValueError('I/O operation on closed file.')

    def close(self):
        self.closed = True

    def flush(self):
        self._check()

    def readable(self):
        self._check()
        return True

    def writable(self):
        self._check()
        return True

    def seekable(self):
        self._check()
        return True

    def isatty(self):
        self._check()
        return False

    def __enter__(self):
        self._check()
        return self

    def __exit__(self, *exc):
        self.close()

    def __iter__(self):
        self._check()
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def readlines(self, hint=-1):
        out = []
        n = 0
        for line in self:
            out.append(line)
            n += len(line)
            if hint is not None and 0 < hint <= n:
                break
        return out

    def writelines(self, lines):
        for line in lines:
            self.write(line)


def _seek_pos(pos, whence, cur, end):
    if whence == 0:
        if pos < 0:
            raise ValueError('negative seek value %d' % pos)
        return pos
    if whence == 1:
        return max(0, cur + pos)
    if whence == 2:
        return max(0, end + pos)
    raise ValueError('invalid whence (%d, should be 0, 1 or 2)' % whence)


class BytesIO(IOBase):
    def __init__(self, initial_bytes=b''):
        self._buf = bytearray(initial_bytes)
        self._pos = 0

    def getvalue(self):
        self._check()
        return bytes(self._buf)

    def read(self, size=-1):
        self._check()
        n = len(self._buf)
        end = n if size is None or size < 0 else min(n, self._pos + size)
        if end <= self._pos:
            return b''
        r = bytes(self._buf[self._pos:end])
        self._pos = end
        return r

    read1 = read

    def readline(self, size=-1):
        self._check()
        i = self._buf.find(b'\n', self._pos)
        end = len(self._buf) if i < 0 else i + 1
        if size is not None and size >= 0:
            end = min(end, self._pos + size)
        if end <= self._pos:
            return b''
        r = bytes(self._buf[self._pos:end])
        self._pos = end
        return r

    def readinto(self, b):
        data = self.read(len(b))
        b[:len(data)] = data
        return len(data)

    def write(self, b):
        self._check()
        if isinstance(b, str):
            raise TypeError("a bytes-like object is required, not 'str'")
        data = bytes(b)
        n = len(data)
        end = self._pos + n
        if self._pos > len(self._buf):
            self._buf.extend(bytes(self._pos - len(self._buf)))
        self._buf[self._pos:end] = data
        self._pos = end
        return n

    def seek(self, pos, whence=0):
        self._check()
        self._pos = _seek_pos(pos, whence, self._pos, len(self._buf))
        return self._pos

    def tell(self):
        self._check()
        return self._pos

    def truncate(self, size=None):
        self._check()
        if size is None:
            size = self._pos
        del self._buf[size:]
        return size


class StringIO(IOBase):
    def __init__(self, initial_value='', newline='\n'):
        if initial_value is None:
            initial_value = ''
        if not isinstance(initial_value, str):
            raise TypeError('initial_value must be str or None, not %s' % type(initial_value).__name__)
        self._buf = initial_value
        self._pos = 0

    def getvalue(self):
        self._check()
        return self._buf

    def read(self, size=-1):
        self._check()
        n = len(self._buf)
        end = n if size is None or size < 0 else min(n, self._pos + size)
        if end <= self._pos:
            return ''
        r = self._buf[self._pos:end]
        self._pos = end
        return r

    def readline(self, size=-1):
        self._check()
        i = self._buf.find('\n', self._pos)
        end = len(self._buf) if i < 0 else i + 1
        if size is not None and size >= 0:
            end = min(end, self._pos + size)
        if end <= self._pos:
            return ''
        r = self._buf[self._pos:end]
        self._pos = end
        return r

    def write(self, s):
        self._check()
        if not isinstance(s, str):
            raise TypeError('string argument expected, got %r' % type(s).__name__)
        if self._pos == len(self._buf):
            self._buf += s
        else:
            if self._pos > len(self._buf):
                self._buf += '\0' * (self._pos - len(self._buf))
            self._buf = self._buf[:self._pos] + s + self._buf[self._pos + len(s):]
        self._pos += len(s)
        return len(s)

    def seek(self, pos, whence=0):
        self._check()
        if whence != 0 and pos != 0:
            raise OSError("Can't do nonzero cur-relative seeks")
        self._pos = _seek_pos(pos, whence, self._pos, len(self._buf))
        return self._pos

    def tell(self):
        self._check()
        return self._pos

    def truncate(self, size=None):
        self._check()
        if size is None:
            size = self._pos
        self._buf = self._buf[:size]
        return size


class TextIOWrapper(IOBase):
    """Text over a binary stream: decoded on reading, encoded on writing (whole lines)."""

    def __init__(self, buffer, encoding=None, errors=None, newline=None, line_buffering=False):
        self.buffer = buffer
        self.encoding = encoding or 'utf-8'
        self.errors = errors or 'strict'
        self._pending = None
        self._pos = 0

    def _text(self):
        if self._pending is None:
            data = self.buffer.read()
            t = data.decode(self.encoding, self.errors)
            self._pending = t.replace('\r\n', '\n').replace('\r', '\n')
            self._pos = 0
        return self._pending

    def read(self, size=-1):
        self._check()
        t = self._text()
        end = len(t) if size is None or size < 0 else min(len(t), self._pos + size)
        r = t[self._pos:end]
        self._pos = max(self._pos, end)
        return r

    def readline(self, size=-1):
        self._check()
        t = self._text()
        i = t.find('\n', self._pos)
        end = len(t) if i < 0 else i + 1
        if size is not None and size >= 0:
            end = min(end, self._pos + size)
        r = t[self._pos:end]
        self._pos = max(self._pos, end)
        return r

    def write(self, s):
        self._check()
        if not isinstance(s, str):
            raise TypeError('write() argument must be str, not %s' % type(s).__name__)
        self.buffer.write(s.encode(self.encoding, self.errors))
        return len(s)

    def flush(self):
        self.buffer.flush()

    def close(self):
        if not self.closed:
            self.closed = True
            self.buffer.close()
