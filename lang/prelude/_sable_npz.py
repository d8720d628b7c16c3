# _sable_npz.py - .npz archives for np.load/np.savez/np.savez_compressed (lang/array/mod_io.c):
# a ZIP reader (stored/deflated members, zip64 records as NumPy writes them) and writer over zlib.
import zlib
import collections.abc
import numpy as _np

_MAX_REPR_ARRAY_COUNT = 5


def _u(b, i, n):
    return int.from_bytes(b[i:i + n], 'little')


def _bad(msg):
    raise ValueError('bad .npz archive: ' + msg)


def _members(data):
    """name -> (method, compressed size, uncompressed size, local header offset), in order."""
    n = len(data)
    end = data.rfind(b'PK\x05\x06', max(0, n - 65557))
    if end < 0 or end + 22 > n:
        _bad('no end of central directory record')
    count = _u(data, end + 10, 2)
    cd = _u(data, end + 16, 4)
    if count == 0xffff or cd == 0xffffffff:
        loc = end - 20
        if loc < 0 or data[loc:loc + 4] != b'PK\x06\x07':
            _bad('no zip64 end of central directory locator')
        z = _u(data, loc + 8, 8)
        if data[z:z + 4] != b'PK\x06\x06':
            _bad('no zip64 end of central directory record')
        count = _u(data, z + 32, 8)
        cd = _u(data, z + 48, 8)
    out = {}
    p = cd
    for _ in range(count):
        if data[p:p + 4] != b'PK\x01\x02':
            _bad('bad central directory entry')
        method = _u(data, p + 10, 2)
        csize = _u(data, p + 20, 4)
        usize = _u(data, p + 24, 4)
        nlen = _u(data, p + 28, 2)
        elen = _u(data, p + 30, 2)
        clen = _u(data, p + 32, 2)
        off = _u(data, p + 42, 4)
        name = bytes(data[p + 46:p + 46 + nlen]).decode('utf-8')
        # zip64 extra field: the 64-bit values of whichever fields were 0xffffffff, in order
        e = p + 46 + nlen
        eend = e + elen
        while e + 4 <= eend:
            hid = _u(data, e, 2)
            hlen = _u(data, e + 2, 2)
            if hid == 1:
                q = e + 4
                if usize == 0xffffffff:
                    usize = _u(data, q, 8)
                    q += 8
                if csize == 0xffffffff:
                    csize = _u(data, q, 8)
                    q += 8
                if off == 0xffffffff:
                    off = _u(data, q, 8)
            e += 4 + hlen
        out[name] = (method, csize, usize, off)
        p = eend + clen
    return out


def _read_member(data, info, name):
    method, csize, usize, off = info
    if data[off:off + 4] != b'PK\x03\x04':
        _bad('bad local header for ' + name)
    start = off + 30 + _u(data, off + 26, 2) + _u(data, off + 28, 2)
    raw = data[start:start + csize]
    if len(raw) != csize:
        _bad('truncated member ' + name)
    if method == 0:
        return raw
    if method == 8:
        return zlib.decompress(raw, -15)
    raise NotImplementedError(f'.npz member {name}: compression method {method} is not supported (stored and deflated are)')


class _BagObj:
    def __init__(self, obj):
        self._obj = obj

    def __getattr__(self, key):
        try:
            return self._obj[key]
        except KeyError:
            raise AttributeError(key) from None

    def __dir__(self):
        return list(self._obj.keys())


class NpzFile(collections.abc.Mapping):
    """The arrays of an .npz archive, read on access (as numpy.lib.npyio.NpzFile)."""
    __module__ = 'numpy.lib.npyio'

    def __init__(self, data, name='object', allow_pickle=False):
        self._data = data
        self._name = name
        self.allow_pickle = allow_pickle
        self._info = _members(data)
        self._files = list(self._info)
        self.files = [f[:-4] if f.endswith('.npy') else f for f in self._files]
        self.f = _BagObj(self)
        self.zip = None
        self.fid = None

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        self.close()

    def close(self):
        self._data = None
        self.f = None

    def __del__(self):
        self.close()

    def __len__(self):
        return len(self.files)

    def __iter__(self):
        return iter(self.files)

    def __contains__(self, key):
        return key in self.files or key in self._files

    def __getitem__(self, key):
        member = False
        if key in self._files:
            member = True
        elif key in self.files:
            member = True
            key += '.npy'
        if not member:
            raise KeyError(f'{key} is not a file in the archive')
        if self._data is None:
            raise AttributeError("'NoneType' object has no attribute 'open'")
        raw = _read_member(self._data, self._info[key], key)
        if bytes(raw[:6]) == b'\x93NUMPY':
            return _np._npy_loads(raw)
        return raw

    def __repr__(self):
        names = ', '.join(self.files[:_MAX_REPR_ARRAY_COUNT])
        if len(self.files) > _MAX_REPR_ARRAY_COUNT:
            names += '...'
        return f'NpzFile {self._name!r} with keys: {names}'


def _fspath(file):
    if isinstance(file, str):
        return file
    f = getattr(type(file), '__fspath__', None)
    return None if f is None else file.__fspath__()


def load(file, allow_pickle=False):
    """np.load of a non-str file: a path-like, or a binary file object (.npy or .npz bytes)."""
    path = _fspath(file)
    if path is not None:
        return _np.load(path, allow_pickle=allow_pickle)
    read = getattr(file, 'read', None)
    if read is None:
        raise TypeError(f'expected str, bytes or os.PathLike object, not {type(file).__name__}')
    data = read()
    if not isinstance(data, (bytes, bytearray)):
        raise TypeError('np.load needs a file opened in binary mode')
    if bytes(data[:4]) == b'PK\x03\x04':
        return NpzFile(data, getattr(file, 'name', 'object'), allow_pickle)
    if bytes(data[:6]) == b'\x93NUMPY':
        return _np._npy_loads(data)
    if not data:
        raise EOFError('No data left in file')
    raise ValueError(f'Cannot load file containing pickled data when allow_pickle={allow_pickle}')


def open_path(path, allow_pickle=False):
    with open(path, 'rb') as f:
        data = f.read()
    return NpzFile(data, path, allow_pickle)


def savez(file, args, kwds, compress):
    namedict = dict(kwds)
    for i, val in enumerate(args):
        key = 'arr_%d' % i
        if key in namedict:
            raise ValueError(f'Cannot use un-named variables and keyword {key}')
        namedict[key] = val
    path = _fspath(file)
    if path is not None and not path.endswith('.npz'):
        path = path + '.npz'
    out = []
    central = []
    pos = 0
    for key, val in namedict.items():
        name = (key + '.npy').encode('utf-8')
        raw = _np._npy_dumps(val)
        crc = zlib.crc32(raw)
        if compress:
            c = zlib.compressobj(6, zlib.DEFLATED, -15)
            body = c.compress(raw) + c.flush()
            method = 8
        else:
            body = raw
            method = 0
        if len(raw) >= 0xffffffff or len(body) >= 0xffffffff or pos >= 0xffffffff:
            raise ValueError('np.savez: members of 4 GiB or more (zip64) are not supported')
        tm, dt = 0, 1 << 5 | 1    # DOS time and date: 1980-01-01 00:00, so archives are reproducible
        common = ((20).to_bytes(2, 'little') + (0x800).to_bytes(2, 'little') + method.to_bytes(2, 'little')
                  + tm.to_bytes(2, 'little') + dt.to_bytes(2, 'little') + crc.to_bytes(4, 'little')
                  + len(body).to_bytes(4, 'little') + len(raw).to_bytes(4, 'little')
                  + len(name).to_bytes(2, 'little') + (0).to_bytes(2, 'little'))
        local = b'PK\x03\x04' + common + name
        central.append(b'PK\x01\x02' + (20).to_bytes(2, 'little') + common + (0).to_bytes(6, 'little')
                       + (0o100600 << 16).to_bytes(4, 'little') + pos.to_bytes(4, 'little') + name)
        out.append(local)
        out.append(body)
        pos += len(local) + len(body)
    cd = b''.join(central)
    n = len(central)
    end = (b'PK\x05\x06' + (0).to_bytes(4, 'little') + n.to_bytes(2, 'little') + n.to_bytes(2, 'little')
           + len(cd).to_bytes(4, 'little') + pos.to_bytes(4, 'little') + (0).to_bytes(2, 'little'))
    blob = b''.join(out) + cd + end
    if path is not None:
        with open(path, 'wb') as f:
            f.write(blob)
    else:
        write = getattr(file, 'write', None)
        if write is None:
            raise TypeError(f'expected str, bytes or os.PathLike object, not {type(file).__name__}')
        write(blob)
