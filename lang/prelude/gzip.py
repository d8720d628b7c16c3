# gzip - gzip files and the one-shot compress/decompress over zlib, as CPython 3.11's gzip
# module: open() in binary and text modes, GzipFile (the whole member is inflated on first read).
import zlib
import struct
import builtins
import io
import time

READ = 'rb'
WRITE = 'wb'
_FTEXT, _FHCRC, _FEXTRA, _FNAME, _FCOMMENT = 1, 2, 4, 8, 16


class BadGzipFile(OSError):
    pass


def _header(mtime, compresslevel, fname=b''):
    flags = _FNAME if fname else 0
    xfl = 2 if compresslevel == 9 else (4 if compresslevel == 1 else 0)
    h = b'\x1f\x8b\x08' + bytes([flags]) + struct.pack('<I', int(mtime) & 0xffffffff) + bytes([xfl]) + b'\xff'
    if fname:
        h += fname + b'\x00'
    return h


def _skip_header(data, pos):
    if data[pos:pos + 2] != b'\x1f\x8b':
        raise BadGzipFile('Not a gzipped file (%r)' % data[pos:pos + 2])
    if len(data) < pos + 10:
        raise EOFError('Compressed file ended before the end-of-stream marker was reached')
    if data[pos + 2] != 8:
        raise BadGzipFile('Unknown compression method')
    flag = data[pos + 3]
    pos += 10
    if flag & _FEXTRA:
        n = data[pos] | (data[pos + 1] << 8)
        pos += 2 + n
    if flag & _FNAME:
        pos = data.index(b'\x00', pos) + 1
    if flag & _FCOMMENT:
        pos = data.index(b'\x00', pos) + 1
    if flag & _FHCRC:
        pos += 2
    return pos


def decompress(data):
    """Decompress a gzip compressed string in one shot. Members are concatenated."""
    data = bytes(data)
    out = []
    pos = 0
    while pos < len(data):
        pos = _skip_header(data, pos)
        d = zlib.decompressobj(-zlib.MAX_WBITS)
        chunk = d.decompress(data[pos:])
        if not d.eof:
            raise EOFError('Compressed file ended before the end-of-stream marker was reached')
        rest = d.unused_data
        if len(rest) < 8:
            raise EOFError('Compressed file ended before the end-of-stream marker was reached')
        crc, isize = struct.unpack('<II', rest[:8])
        if crc != zlib.crc32(chunk):
            raise BadGzipFile('CRC check failed %s != %s' % (hex(crc), hex(zlib.crc32(chunk))))
        if isize != (len(chunk) & 0xffffffff):
            raise BadGzipFile('Incorrect length of data produced')
        out.append(chunk)
        pos = len(data) - len(rest) + 8
        while pos < len(data) and data[pos] == 0:
            pos += 1
    return b''.join(out)


def compress(data, compresslevel=9, *, mtime=None):
    """Compress data in one shot and return the gzip member."""
    if mtime is None:
        mtime = time.time()
    if mtime == 0:
        return zlib.compress(data, compresslevel, 31)
    co = zlib.compressobj(compresslevel, zlib.DEFLATED, -zlib.MAX_WBITS, 9, 0)
    data = bytes(data)
    body = co.compress(data) + co.flush()
    return _header(mtime, compresslevel) + body + struct.pack('<II', zlib.crc32(data), len(data) & 0xffffffff)


class GzipFile(io.IOBase):
    def __init__(self, filename=None, mode=None, compresslevel=9, fileobj=None, mtime=None):
        if mode and ('t' in mode or 'U' in mode):
            raise ValueError('Invalid mode: %r' % (mode,))
        if mode and 'b' not in mode:
            mode += 'b'
        self._own = False
        if fileobj is None:
            fileobj = builtins.open(filename, mode or 'rb')
            self._own = True
        if filename is None:
            filename = getattr(fileobj, 'name', '')
            if not isinstance(filename, (str, bytes)):
                filename = ''
        if mode is None:
            mode = getattr(fileobj, 'mode', 'rb')
        self.name = filename
        self.fileobj = fileobj
        self.compresslevel = compresslevel
        if mode.startswith('r'):
            self.mode = READ
            self._data = None
            self._pos = 0
        elif mode[0] in 'wax':
            self.mode = WRITE
            self._crc = 0
            self._size = 0
            self._co = zlib.compressobj(compresslevel, zlib.DEFLATED, -zlib.MAX_WBITS, 9, 0)
            fname = b''
            base = filename.split('/')[-1] if isinstance(filename, str) else ''
            if base.endswith('.gz'):
                base = base[:-3]
            try:
                fname = base.encode('latin-1')
            except UnicodeEncodeError:
                fname = b''
            self.fileobj.write(_header(time.time() if mtime is None else mtime, compresslevel, fname))
        else:
            raise ValueError('Invalid mode: %r' % (mode,))

    def __repr__(self):
        return '<gzip ' + repr(self.fileobj) + ' ' + hex(id(self)) + '>'

    def _load(self):
        if self._data is None:
            self._data = decompress(self.fileobj.read())
        return self._data

    def read(self, size=-1):
        self._check()
        if self.mode != READ:
            raise OSError('read() on write-only GzipFile object')
        d = self._load()
        end = len(d) if size is None or size < 0 else min(len(d), self._pos + size)
        if self._pos == 0 and end == len(d):
            self._pos = end
            return d
        r = d[self._pos:end]
        self._pos = max(self._pos, end)
        return r

    read1 = read

    def readline(self, size=-1):
        self._check()
        d = self._load()
        i = d.find(b'\n', self._pos)
        end = len(d) if i < 0 else i + 1
        if size is not None and size >= 0:
            end = min(end, self._pos + size)
        r = d[self._pos:end]
        self._pos = max(self._pos, end)
        return r

    def peek(self, n):
        d = self._load()
        return d[self._pos:self._pos + max(n, 1)]

    def write(self, data):
        self._check()
        if self.mode != WRITE:
            raise OSError('write() on read-only GzipFile object')
        data = bytes(data)
        self._crc = zlib.crc32(data, self._crc)
        self._size += len(data)
        self.fileobj.write(self._co.compress(data))
        return len(data)

    def seek(self, offset, whence=0):
        self._check()
        if self.mode != READ:
            raise OSError('Negative seek in write mode')
        self._pos = io._seek_pos(offset, whence, self._pos, len(self._load()))
        return self._pos

    def tell(self):
        self._check()
        return self._pos if self.mode == READ else self._size

    def rewind(self):
        self.seek(0)

    def readable(self):
        return self.mode == READ

    def writable(self):
        return self.mode == WRITE

    def close(self):
        if self.closed:
            return
        if self.mode == WRITE:
            self.fileobj.write(self._co.flush())
            self.fileobj.write(struct.pack('<II', self._crc, self._size & 0xffffffff))
        self.closed = True
        self._data = None
        if self._own:
            self.fileobj.close()


def open(filename, mode='rb', compresslevel=9, encoding=None, errors=None, newline=None):
    """Open a gzip-compressed file in binary or text mode."""
    if 't' in mode:
        if 'b' in mode:
            raise ValueError('Invalid mode: %r' % (mode,))
    else:
        if encoding is not None:
            raise ValueError("Argument 'encoding' not supported in binary mode")
        if errors is not None:
            raise ValueError("Argument 'errors' not supported in binary mode")
        if newline is not None:
            raise ValueError("Argument 'newline' not supported in binary mode")
    gz_mode = mode.replace('t', '')
    if isinstance(filename, (str, bytes)):
        binary_file = GzipFile(filename, gz_mode, compresslevel)
    elif hasattr(filename, 'read') or hasattr(filename, 'write'):
        binary_file = GzipFile(None, gz_mode, compresslevel, filename)
    else:
        raise TypeError('filename must be a str or bytes object, or a file')
    if 't' in mode:
        return io.TextIOWrapper(binary_file, encoding, errors, newline)
    return binary_file
