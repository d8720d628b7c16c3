# pickle.py - CPython 3.11's pickle: protocols 0-5 loaded, 0-5 written (4 by default) with the
# C pickler's framing and memo so builtin values give the same bytes; NumPy arrays as NumPy 2
# writes them, JAX arrays as NumPy arrays. Corrupt input raises UnpicklingError, never worse.
import copyreg
import struct
import sys

__all__ = ['PickleError', 'PicklingError', 'UnpicklingError', 'Pickler', 'Unpickler', 'dump',
           'dumps', 'load', 'loads', 'HIGHEST_PROTOCOL', 'DEFAULT_PROTOCOL']

HIGHEST_PROTOCOL = 5
DEFAULT_PROTOCOL = 4
bytes_types = (bytes, bytearray)


class PickleError(Exception):
    pass


class PicklingError(PickleError):
    pass


class UnpicklingError(PickleError):
    pass


class _Stop(Exception):
    def __init__(self, value):
        self.value = value


_FRAME_SIZE_MIN = 4
_FRAME_SIZE_TARGET = 64 * 1024

MARK = b'('
STOP = b'.'
POP = b'0'
POP_MARK = b'1'
DUP = b'2'
FLOAT = b'F'
INT = b'I'
BININT = b'J'
BININT1 = b'K'
LONG = b'L'
BININT2 = b'M'
NONE = b'N'
PERSID = b'P'
BINPERSID = b'Q'
REDUCE = b'R'
STRING = b'S'
BINSTRING = b'T'
SHORT_BINSTRING = b'U'
UNICODE = b'V'
BINUNICODE = b'X'
APPEND = b'a'
BUILD = b'b'
GLOBAL = b'c'
DICT = b'd'
EMPTY_DICT = b'}'
APPENDS = b'e'
GET = b'g'
BINGET = b'h'
INST = b'i'
LONG_BINGET = b'j'
LIST = b'l'
EMPTY_LIST = b']'
OBJ = b'o'
PUT = b'p'
BINPUT = b'q'
LONG_BINPUT = b'r'
SETITEM = b's'
TUPLE = b't'
EMPTY_TUPLE = b')'
SETITEMS = b'u'
BINFLOAT = b'G'
TRUE = b'I01\n'
FALSE = b'I00\n'
PROTO = b'\x80'
NEWOBJ = b'\x81'
EXT1 = b'\x82'
EXT2 = b'\x83'
EXT4 = b'\x84'
TUPLE1 = b'\x85'
TUPLE2 = b'\x86'
TUPLE3 = b'\x87'
NEWTRUE = b'\x88'
NEWFALSE = b'\x89'
LONG1 = b'\x8a'
LONG4 = b'\x8b'
BINBYTES = b'B'
SHORT_BINBYTES = b'C'
SHORT_BINUNICODE = b'\x8c'
BINUNICODE8 = b'\x8d'
BINBYTES8 = b'\x8e'
EMPTY_SET = b'\x8f'
ADDITEMS = b'\x90'
FROZENSET = b'\x91'
NEWOBJ_EX = b'\x92'
STACK_GLOBAL = b'\x93'
MEMOIZE = b'\x94'
FRAME = b'\x95'
BYTEARRAY8 = b'\x96'
NEXT_BUFFER = b'\x97'
READONLY_BUFFER = b'\x98'

_BATCHSIZE = 1000

# NumPy's dtype codes and Sable's names for them
_NP_CODES = {'f4': 'float32', 'f8': 'float64', 'i4': 'int32', 'i8': 'int64', 'u4': 'uint32',
             'u1': 'uint8', 'b1': 'bool', 'i1': 'int8', 'i2': 'int16', 'u2': 'uint16',
             'u8': 'uint64', 'f2': 'float16'}


def encode_long(x):
    # little-endian two's complement in the fewest bytes, as pickle.encode_long
    if x == 0:
        return b''
    out = bytearray()
    v = x
    while True:
        out.append(v & 0xff)
        v >>= 8
        if (v == 0 and not out[-1] & 0x80) or (v == -1 and out[-1] & 0x80):
            break
    return bytes(out)


def decode_long(data):
    n = len(data)
    if n == 0:
        return 0
    return int.from_bytes(data, 'little', signed=True)


def _is_array(obj):
    t = type(obj)
    return getattr(t, '__module__', None) in ('numpy', 'jax') and hasattr(obj, 'dtype') and \
        hasattr(obj, 'tobytes') and hasattr(obj, 'shape')


def _whichmodule(obj, name):
    module_name = getattr(obj, '__module__', None)
    if module_name is not None:
        return module_name
    return '__main__'


def _getattribute(obj, name):
    for subpath in name.split('.'):
        if subpath == '<locals>':
            raise AttributeError("Can't get local attribute {!r} on {!r}".format(name, obj))
        obj = getattr(obj, subpath)
    return obj


class _Framer:
    def __init__(self):
        self.out = []          # committed pieces
        self.frame = None      # bytearray of the open frame, or None (no framing)

    def start(self):
        self.frame = bytearray()

    def write(self, b):
        if self.frame is not None:
            self.frame += b
        else:
            self.out.append(bytes(b))

    def commit(self, force=False):
        f = self.frame
        if f is not None and (len(f) >= _FRAME_SIZE_TARGET or force):
            if len(f) >= _FRAME_SIZE_MIN:
                self.out.append(FRAME + struct.pack('<Q', len(f)))
            self.out.append(bytes(f))
            self.frame = bytearray()

    def write_large(self, header, payload):
        if self.frame is not None:
            self.commit(force=True)
        self.out.append(bytes(header))
        self.out.append(bytes(payload))

    def end(self):
        if self.frame is not None:
            self.commit(force=True)
            self.frame = None
        return b''.join(self.out)


class Pickler:
    def __init__(self, file, protocol=None, *, fix_imports=True, buffer_callback=None):
        if protocol is None:
            protocol = DEFAULT_PROTOCOL
        if protocol < 0:
            protocol = HIGHEST_PROTOCOL
        elif not 0 <= protocol <= HIGHEST_PROTOCOL:
            raise ValueError("pickle protocol must be <= %d" % HIGHEST_PROTOCOL)
        if buffer_callback is not None and protocol < 5:
            raise ValueError("buffer_callback needs protocol >= 5")
        self._file = file
        self.proto = protocol
        self.bin = protocol >= 1
        self.memo = {}
        self._interned = {}
        self.fast = 0

    def clear_memo(self):
        self.memo.clear()

    def dump(self, obj):
        if not hasattr(self, 'proto'):
            raise PicklingError("Pickler.__init__() was not called by %s.__init__()" % self.__class__.__name__)
        self._framer = _Framer()
        self.write = self._framer.write
        if self.proto >= 2:
            self.write(PROTO + struct.pack('<B', self.proto))
        if self.proto >= 4:
            self._framer.start()
        self.save(obj)
        self.write(STOP)
        data = self._framer.end()
        self._file.write(data)

    def memoize(self, obj):
        if self.fast:
            return
        idx = len(self.memo)
        self.write(self.put(idx))
        self.memo[id(obj)] = idx, obj

    def put(self, idx):
        if self.proto >= 4:
            return MEMOIZE
        elif self.bin:
            if idx < 256:
                return BINPUT + struct.pack('<B', idx)
            return LONG_BINPUT + struct.pack('<I', idx)
        return PUT + repr(idx).encode('ascii') + b'\n'

    def get(self, i):
        if self.bin:
            if i < 256:
                return BINGET + struct.pack('<B', i)
            return LONG_BINGET + struct.pack('<I', i)
        return GET + repr(i).encode('ascii') + b'\n'

    def save(self, obj, save_persistent_id=True):
        self._framer.commit()
        pid = self.persistent_id(obj)
        if pid is not None and save_persistent_id:
            self.save_pers(pid)
            return
        x = self.memo.get(id(obj))
        if x is not None:
            self.write(self.get(x[0]))
            return
        t = type(obj)
        f = self._dispatch.get(t)
        if f is not None:
            f(self, obj)
            return
        if _is_array(obj):
            self.save_ndarray(obj)
            return
        if isinstance(obj, type):
            self.save_global(obj)
            return
        reduce = getattr(self, 'reducer_override', None)
        rv = NotImplemented
        if reduce is not None:
            rv = reduce(obj)
        if rv is NotImplemented:
            rv = self._reduce_obj(obj)
        if isinstance(rv, str):
            self.save_global(obj, rv)
            return
        if not isinstance(rv, tuple):
            raise PicklingError("%s must return string or tuple" % '__reduce__')
        l = len(rv)
        if not (2 <= l <= 6):
            raise PicklingError("Tuple returned by %s must have two to six elements" % '__reduce__')
        self.save_reduce(*rv, obj=obj)

    def persistent_id(self, obj):
        return None

    def save_pers(self, pid):
        if self.bin:
            self.save(pid, save_persistent_id=False)
            self.write(BINPERSID)
        else:
            self.write(PERSID + str(pid).encode('ascii') + b'\n')

    def _reduce_obj(self, obj):
        # the dispatch table, then __reduce_ex__ (copyreg stands in for object's and the
        # builtins', which Sable's types lack); functions and builtins go by name
        t = type(obj)
        table = getattr(self, 'dispatch_table', None)
        reduce = (copyreg.dispatch_table if table is None else table).get(t)
        if reduce is not None:
            return reduce(obj)
        if copyreg._own(t, '__reduce_ex__') is None and copyreg._own(t, '__reduce__') is None:
            if callable(obj) and hasattr(obj, '__qualname__'):
                return obj.__qualname__   # a function or builtin: by name
        return copyreg._sable_reduce_ex(obj, self.proto)

    def save_reduce(self, func, args, state=None, listitems=None, dictitems=None,
                    state_setter=None, *, obj=None):
        if not isinstance(args, tuple):
            raise PicklingError("args from save_reduce() must be a tuple")
        if not callable(func):
            raise PicklingError("func from save_reduce() must be callable")
        save = self.save
        write = self.write
        if self.proto >= 2 and func is copyreg.__newobj_ex__:
            cls, args, kwargs = args
            if not hasattr(cls, "__new__"):
                raise PicklingError("args[0] from __newobj_ex__ args has no __new__")
            if obj is not None and cls is not obj.__class__:
                raise PicklingError("args[0] from __newobj_ex__ args has the wrong class")
            if self.proto < 4:
                raise PicklingError("__newobj_ex__ with keyword arguments needs protocol 4")
            save(cls)
            save(args)
            save(kwargs)
            write(NEWOBJ_EX)
        elif self.proto >= 2 and func is _newobj:
            cls = args[0]
            if not hasattr(cls, "__new__"):
                raise PicklingError("args[0] from __newobj__ args has no __new__")
            if obj is not None and cls is not obj.__class__:
                raise PicklingError("args[0] from __newobj__ args has the wrong class")
            args = args[1:]
            save(cls)
            save(args)
            write(NEWOBJ)
        elif func is _reconstructor or func is _codecs_encode:
            if func is _reconstructor:
                self._save_named_global('copyreg', '_reconstructor')
            else:
                self._save_named_global('_codecs', 'encode')
            save(args)
            write(REDUCE)
        else:
            save(func)
            save(args)
            write(REDUCE)
        if obj is not None:
            if id(obj) in self.memo:
                write(POP + self.get(self.memo[id(obj)][0]))
            else:
                self.memoize(obj)
        if listitems is not None:
            self._batch_appends(listitems)
        if dictitems is not None:
            self._batch_setitems(dictitems)
        if state is not None:
            if state_setter is None:
                save(state)
                write(BUILD)
            else:
                save(state_setter)
                save(obj)
                save(state)
                write(TUPLE2)
                write(REDUCE)
                write(POP)

    def save_none(self, obj):
        self.write(NONE)

    def save_bool(self, obj):
        if self.proto >= 2:
            self.write(NEWTRUE if obj else NEWFALSE)
        else:
            self.write(TRUE if obj else FALSE)

    def save_long(self, obj):
        if self.bin:
            if obj >= 0:
                if obj <= 0xff:
                    self.write(BININT1 + struct.pack('<B', obj))
                    return
                if obj <= 0xffff:
                    self.write(BININT2 + struct.pack('<H', obj))
                    return
            if -0x80000000 <= obj <= 0x7fffffff:
                self.write(BININT + struct.pack('<i', obj))
                return
        if self.proto >= 2:
            encoded = encode_long(obj)
            self.write(LONG1 + struct.pack('<B', len(encoded)) + encoded)
            return
        if -0x80000000 <= obj <= 0x7fffffff:
            self.write(INT + repr(obj).encode('ascii') + b'\n')
        else:
            self.write(LONG + repr(obj).encode('ascii') + b'L\n')

    def save_float(self, obj):
        if self.bin:
            self.write(BINFLOAT + struct.pack('>d', obj))
        else:
            self.write(FLOAT + repr(obj).encode('ascii') + b'\n')

    def save_bytes(self, obj):
        if self.proto < 3:
            if not obj:
                self.save_reduce(bytes, (), obj=obj)
            else:
                self.save_reduce(_codecs_encode, (obj.decode('latin-1'), 'latin1'), obj=obj)
            return
        n = len(obj)
        if n <= 0xff:
            self.write(SHORT_BINBYTES + struct.pack('<B', n) + obj)
        elif n > 0xffffffff and self.proto >= 4:
            self._write_large_bytes(BINBYTES8 + struct.pack('<Q', n), obj)
        elif n >= _FRAME_SIZE_TARGET:
            self._write_large_bytes(BINBYTES + struct.pack('<I', n), obj)
        else:
            self.write(BINBYTES + struct.pack('<I', n) + obj)
        self.memoize(obj)

    def _write_large_bytes(self, header, payload):
        if self.proto >= 4:
            self._framer.write_large(header, payload)
        else:
            self.write(header + payload)

    def save_bytearray(self, obj):
        if self.proto < 5:
            if not obj:
                self.save_reduce(bytearray, (), obj=obj)
            else:
                self.save_reduce(bytearray, (bytes(obj),), obj=obj)
            return
        n = len(obj)
        if n >= _FRAME_SIZE_TARGET:
            self._write_large_bytes(BYTEARRAY8 + struct.pack('<Q', n), obj)
        else:
            self.write(BYTEARRAY8 + struct.pack('<Q', n) + bytes(obj))
        self.memoize(obj)

    def save_str(self, obj):
        if self.bin:
            encoded = obj.encode('utf-8')
            n = len(encoded)
            if n <= 0xff and self.proto >= 4:
                self.write(SHORT_BINUNICODE + struct.pack('<B', n) + encoded)
            elif n > 0xffffffff and self.proto >= 4:
                self._write_large_bytes(BINUNICODE8 + struct.pack('<Q', n), encoded)
            elif n >= _FRAME_SIZE_TARGET:
                self._write_large_bytes(BINUNICODE + struct.pack('<I', n), encoded)
            else:
                self.write(BINUNICODE + struct.pack('<I', n) + encoded)
        else:
            tmp = obj.replace("\\", "\\u005c").replace("\0", "\\u0000").replace("\n", "\\u000a") \
                     .replace("\r", "\\u000d").replace("\x1a", "\\u001a")
            out = []
            for ch in tmp:
                o = ord(ch)
                if o > 0xff:
                    out.append('\\u%04x' % o if o <= 0xffff else '\\U%08x' % o)
                else:
                    out.append(ch)
            self.write(UNICODE + ''.join(out).encode('latin-1') + b'\n')
        self.memoize(obj)

    def save_tuple(self, obj):
        if not obj:
            if self.bin:
                self.write(EMPTY_TUPLE)
            else:
                self.write(MARK + TUPLE)
            return
        n = len(obj)
        save = self.save
        memo = self.memo
        if n <= 3 and self.proto >= 2:
            for element in obj:
                save(element)
            if id(obj) in memo:
                self.write(POP * n + self.get(memo[id(obj)][0]))
            else:
                self.write([TUPLE1, TUPLE2, TUPLE3][n - 1])
                self.memoize(obj)
            return
        self.write(MARK)
        for element in obj:
            save(element)
        if id(obj) in memo:
            get = self.get(memo[id(obj)][0])
            if self.bin:
                self.write(POP_MARK + get)
            else:
                self.write(POP * (n + 1) + get)
            return
        self.write(TUPLE)
        self.memoize(obj)

    def save_list(self, obj):
        if self.bin:
            self.write(EMPTY_LIST)
        else:
            self.write(MARK + LIST)
        self.memoize(obj)
        self._batch_appends(obj)

    def _batch_appends(self, items):
        save = self.save
        write = self.write
        if not self.bin:
            for x in items:
                save(x)
                write(APPEND)
            return
        items = list(items)
        for start in range(0, len(items), _BATCHSIZE):
            tmp = items[start:start + _BATCHSIZE]
            if len(tmp) > 1:
                write(MARK)
                for x in tmp:
                    save(x)
                write(APPENDS)
            else:
                save(tmp[0])
                write(APPEND)

    def save_dict(self, obj):
        if self.bin:
            self.write(EMPTY_DICT)
        else:
            self.write(MARK + DICT)
        self.memoize(obj)
        self._batch_setitems(obj.items())

    def _batch_setitems(self, items):
        save = self.save
        write = self.write
        items = list(items)
        if not self.bin:
            for k, v in items:
                save(k)
                save(v)
                write(SETITEM)
            return
        for start in range(0, len(items), _BATCHSIZE):
            tmp = items[start:start + _BATCHSIZE]
            if len(tmp) > 1:
                write(MARK)
                for k, v in tmp:
                    save(k)
                    save(v)
                write(SETITEMS)
            else:
                k, v = tmp[0]
                save(k)
                save(v)
                write(SETITEM)

    def save_set(self, obj):
        if self.proto < 4:
            self.save_reduce(set, (list(obj),), obj=obj)
            return
        self.write(EMPTY_SET)
        self.memoize(obj)
        items = list(obj)
        for start in range(0, len(items), _BATCHSIZE):
            self.write(MARK)
            for item in items[start:start + _BATCHSIZE]:
                self.save(item)
            self.write(ADDITEMS)

    def save_frozenset(self, obj):
        if self.proto < 4:
            self.save_reduce(frozenset, (list(obj),), obj=obj)
            return
        self.write(MARK)
        for item in obj:
            self.save(item)
        if id(obj) in self.memo:
            self.write(POP_MARK + self.get(self.memo[id(obj)][0]))
            return
        self.write(FROZENSET)
        self.memoize(obj)

    def _intern(self, s):
        # CPython's module and attribute names are interned: one memo entry per name
        return self._interned.setdefault(s, s)

    def save_global(self, obj, name=None):
        if name is None:
            name = getattr(obj, '__qualname__', None)
            if name is None:
                name = obj.__name__
        module_name = _whichmodule(obj, name)
        try:
            __import__(module_name)
            module = sys.modules[module_name]
            obj2 = _getattribute(module, name)
        except (ImportError, KeyError, AttributeError):
            raise PicklingError("Can't pickle %r: it's not found as %s.%s" % (obj, module_name, name)) from None
        if obj2 is not obj:
            raise PicklingError("Can't pickle %r: it's not the same object as %s.%s" % (obj, module_name, name))
        self._write_global(module_name, name)
        self.memoize(obj)

    def _write_global(self, module_name, name):
        if self.proto >= 4:
            self.save(self._intern(module_name))
            self.save(self._intern(name))
            self.write(STACK_GLOBAL)
        else:
            if self.proto < 3:
                # fix_imports: the Python 2 names
                module_name = {'builtins': '__builtin__', 'copyreg': 'copy_reg'}.get(module_name, module_name)
            self.write(GLOBAL + module_name.encode('utf-8') + b'\n' + name.encode('utf-8') + b'\n')

    def _save_named_global(self, module_name, name):
        # a global that Sable has under another name (NumPy's reconstructors)
        key = ('global', module_name, name)
        x = self.memo.get(key)
        if x is not None:
            self.write(self.get(x[0]))
            return
        self._write_global(module_name, name)
        if not self.fast:
            idx = len(self.memo)
            self.write(self.put(idx))
            self.memo[key] = idx, None

    def save_type(self, obj):
        if obj is type(None):
            return self.save_reduce(type, (None,), obj=obj)
        elif obj is type(NotImplemented):
            return self.save_reduce(type, (NotImplemented,), obj=obj)
        elif obj is type(...):
            return self.save_reduce(type, (...,), obj=obj)
        return self.save_global(obj)

    def _save_dtype(self, code):
        self._save_named_global('numpy', 'dtype')
        self.save((self._intern(code), False, True))
        self.write(REDUCE)
        self._memo_anon()
        order = '|' if code in ('b1', 'u1', 'i1') else '<'
        self.save((3, self._intern(order), None, None, None, -1, -1, 0))
        self.write(BUILD)

    def _memo_anon(self):
        if not self.fast:
            idx = len(self.memo)
            self.write(self.put(idx))
            self.memo[('anon', idx)] = idx, None

    _dispatch = {}


def _save_ndarray(self, obj):
    import numpy as np
    a = np.asarray(obj)
    code = a.dtype.str[1:]
    self._save_named_global('numpy._core.multiarray', '_reconstruct')
    self._save_named_global('numpy', 'ndarray')
    self.save(0)
    self.write(TUPLE1)
    self._memo_anon()
    self.save(b'b')
    self.write(TUPLE3)
    self._memo_anon()
    self.write(REDUCE)
    self.memoize(obj)
    self.write(MARK)
    self.save(1)
    self.save(tuple(a.shape))
    self._save_dtype(code)
    self.save(False)
    self.save(a.tobytes())
    self.write(TUPLE)
    self._memo_anon()
    self.write(BUILD)


Pickler.save_ndarray = _save_ndarray
Pickler._dispatch = {
    type(None): Pickler.save_none, bool: Pickler.save_bool, int: Pickler.save_long,
    float: Pickler.save_float, bytes: Pickler.save_bytes, bytearray: Pickler.save_bytearray,
    str: Pickler.save_str, tuple: Pickler.save_tuple, list: Pickler.save_list,
    dict: Pickler.save_dict, set: Pickler.save_set, frozenset: Pickler.save_frozenset,
    type: Pickler.save_type,
}


_newobj = copyreg.__newobj__
_reconstructor = copyreg._reconstructor


def _codecs_encode(s, enc):
    return s.encode(enc)


# ---- loading ------------------------------------------------------------------------------
class _NDProxy:
    # NumPy's _reconstruct(ndarray, (0,), b'b'): the array is made when BUILD brings its state
    def __init__(self):
        self.array = None

    def __setstate__(self, state):
        import numpy as np
        if not isinstance(state, tuple) or len(state) not in (4, 5):
            raise UnpicklingError("bad NumPy array state")
        if len(state) == 5:
            state = state[1:]
        shape, dt, fortran, raw = state
        if not isinstance(dt, _DTypeProxy):
            raise UnpicklingError("bad NumPy dtype in array state")
        if isinstance(raw, list):
            raise UnpicklingError("NumPy object arrays cannot be unpickled in Sable")
        a = np.frombuffer(bytes(raw), dtype=dt.sable_name())
        shape = tuple(shape)
        if fortran:
            a = a.reshape(shape[::-1]).T
        else:
            a = a.reshape(shape)
        self.array = a


class _DTypeProxy:
    def __init__(self, code, align=False, copy=True):
        if not isinstance(code, str):
            raise UnpicklingError("bad NumPy dtype %r" % (code,))
        self.code = code
        self.order = '='

    def __setstate__(self, state):
        if isinstance(state, tuple) and len(state) >= 2 and isinstance(state[1], str):
            self.order = state[1]

    def sable_name(self):
        if self.order == '>' and self.code[1:] not in ('1',):
            raise UnpicklingError("big-endian NumPy arrays (dtype %r) are not supported" % ('>' + self.code))
        name = _NP_CODES.get(self.code)
        if name is None:
            raise UnpicklingError("NumPy dtype %r is not supported by Sable" % self.code)
        return name


def _np_reconstruct(cls, shape, typecode):
    return _NDProxy()


def _np_scalar(dt, data=None):
    import numpy as np
    if not isinstance(dt, _DTypeProxy) or not isinstance(data, bytes):
        raise UnpicklingError("bad NumPy scalar")
    return np.frombuffer(data, dtype=dt.sable_name()).reshape(())


def _np_frombuffer(buf, dtype, shape, order):
    # protocol 5: NumPy's numeric._frombuffer over the (in-band) buffer
    import numpy as np
    if not isinstance(dtype, _DTypeProxy) or not isinstance(buf, bytes_types):
        raise UnpicklingError("bad NumPy buffer")
    a = np.frombuffer(bytes(buf), dtype=dtype.sable_name())
    shape = tuple(shape)
    if order == 'F':
        return a.reshape(shape[::-1]).T
    return a.reshape(shape)


_SPECIAL_GLOBALS = {
    ('numpy._core.numeric', '_frombuffer'): _np_frombuffer,
    ('numpy.core.numeric', '_frombuffer'): _np_frombuffer,
    ('numpy._core.multiarray', '_reconstruct'): _np_reconstruct,
    ('numpy.core.multiarray', '_reconstruct'): _np_reconstruct,
    ('numpy._core.multiarray', 'scalar'): _np_scalar,
    ('numpy.core.multiarray', 'scalar'): _np_scalar,
    ('numpy', 'dtype'): _DTypeProxy,
    ('numpy', 'ndarray'): _NDProxy,
    ('copyreg', '_reconstructor'): _reconstructor,
    ('copy_reg', '_reconstructor'): _reconstructor,
    ('_codecs', 'encode'): _codecs_encode,
    ('builtins', 'bytearray'): bytearray,
    ('builtins', 'set'): set,
    ('builtins', 'frozenset'): frozenset,
    ('builtins', 'bytes'): bytes,
    ('__builtin__', 'set'): set,
}


class Unpickler:
    def __init__(self, file, *, fix_imports=True, encoding="ASCII", errors="strict", buffers=None):
        self._file = file
        self.encoding = encoding
        self.errors = errors
        self._buffers = iter(buffers) if buffers is not None else None
        self.memo = {}
        self.proto = 0

    def _fill(self):
        f = self._file
        if isinstance(f, bytes_types):
            self._data = bytes(f)
        else:
            self._data = f.read()
            if not isinstance(self._data, bytes_types):
                raise TypeError("a bytes-like object is required, not '%s'" % type(self._data).__name__)
            self._data = bytes(self._data)
        self._pos = 0

    def read(self, n):
        p = self._pos
        if n < 0 or p + n > len(self._data):
            raise UnpicklingError("pickle data was truncated")
        self._pos = p + n
        return self._data[p:p + n]

    def readline(self):
        i = self._data.find(b'\n', self._pos)
        if i < 0:
            raise UnpicklingError("pickle data was truncated")
        line = self._data[self._pos:i + 1]
        self._pos = i + 1
        return line

    def load(self):
        if not hasattr(self, '_file'):
            raise UnpicklingError("Unpickler.__init__() was not called by %s.__init__()" % self.__class__.__name__)
        self._fill()
        if not self._data:
            raise EOFError("Ran out of input")
        self.metastack = []
        self.stack = []
        dispatch = self._dispatch
        try:
            while True:
                if self._pos >= len(self._data):
                    raise EOFError("Ran out of input")
                key = self._data[self._pos]
                self._pos += 1
                f = dispatch.get(key)
                if f is None:
                    if 32 <= key < 127:
                        raise UnpicklingError("invalid load key, '%s'." % chr(key))
                    raise UnpicklingError("invalid load key, '\\x%02x'." % key)
                f(self)
        except _Stop as stopinst:
            consumed = self._pos
            if not isinstance(self._file, bytes_types) and hasattr(self._file, 'seek') and \
                    hasattr(self._file, 'tell'):
                # leave the file just after this pickle, so that load() can be called again
                self._file.seek(consumed - len(self._data), 1)
            return stopinst.value

    def pop(self):
        if not self.stack:
            raise UnpicklingError("unpickling stack underflow")
        return self.stack.pop()

    def top(self):
        if not self.stack:
            raise UnpicklingError("unpickling stack underflow")
        return self.stack[-1]

    def pop_mark(self):
        if not self.metastack:
            raise UnpicklingError("could not find MARK")
        items = self.stack
        self.stack = self.metastack.pop()
        return items

    def persistent_load(self, pid):
        raise UnpicklingError("A load persistent id instruction was encountered, but no persistent_load function was specified.")

    def find_class(self, module, name):
        if self.proto < 3:
            module = {'__builtin__': 'builtins', 'copy_reg': 'copyreg'}.get(module, module)
        special = _SPECIAL_GLOBALS.get((module, name))
        if special is not None:
            return special
        try:
            __import__(module)
            mod = sys.modules[module]
        except (ImportError, KeyError):
            raise ModuleNotFoundError("No module named %r" % module) from None
        try:
            return _getattribute(mod, name)
        except AttributeError:
            raise AttributeError("Can't get attribute %r on %r" % (name, mod)) from None

    # -- the opcodes
    def load_proto(self):
        proto = self.read(1)[0]
        if not 0 <= proto <= HIGHEST_PROTOCOL:
            raise ValueError("unsupported pickle protocol: %d" % proto)
        self.proto = proto

    def load_frame(self):
        n = struct.unpack('<Q', self.read(8))[0]
        if n > len(self._data) - self._pos:
            raise UnpicklingError("pickle data was truncated")

    def load_persid(self):
        try:
            pid = self.readline()[:-1].decode("ascii")
        except UnicodeDecodeError:
            raise UnpicklingError("persistent IDs in protocol 0 must be ASCII strings")
        self.stack.append(self.persistent_load(pid))

    def load_binpersid(self):
        pid = self.pop()
        self.stack.append(self.persistent_load(pid))

    def load_none(self):
        self.stack.append(None)

    def load_false(self):
        self.stack.append(False)

    def load_true(self):
        self.stack.append(True)

    def load_int(self):
        data = self.readline()
        if data == b'00\n':
            val = False
        elif data == b'01\n':
            val = True
        else:
            val = self._parse_int(data[:-1])
        self.stack.append(val)

    def _parse_int(self, s):
        try:
            return int(s.decode('ascii'))
        except (ValueError, UnicodeDecodeError):
            raise UnpicklingError("invalid literal for int() in pickle: %r" % s) from None

    def load_binint(self):
        self.stack.append(struct.unpack('<i', self.read(4))[0])

    def load_binint1(self):
        self.stack.append(self.read(1)[0])

    def load_binint2(self):
        self.stack.append(struct.unpack('<H', self.read(2))[0])

    def load_long(self):
        val = self.readline()[:-1]
        if val and val[-1] == b'L'[0]:
            val = val[:-1]
        self.stack.append(self._parse_int(val))

    def load_long1(self):
        n = self.read(1)[0]
        self.stack.append(decode_long(self.read(n)))

    def load_long4(self):
        n = struct.unpack('<i', self.read(4))[0]
        if n < 0:
            raise UnpicklingError("LONG pickle has negative byte count")
        self.stack.append(decode_long(self.read(n)))

    def load_float(self):
        s = self.readline()[:-1]
        try:
            self.stack.append(float(s.decode('ascii')))
        except (ValueError, UnicodeDecodeError):
            raise UnpicklingError("could not convert string to float: %r" % s) from None

    def load_binfloat(self):
        self.stack.append(struct.unpack('>d', self.read(8))[0])

    def _decode_string(self, value):
        if self.encoding == "bytes":
            return value
        return value.decode(self.encoding, self.errors)

    def load_string(self):
        data = self.readline()[:-1]
        if len(data) >= 2 and data[0] == data[-1] and data[0] in b'"\'':
            data = data[1:-1]
        else:
            raise UnpicklingError("the STRING opcode argument must be quoted")
        self.stack.append(self._decode_string(_unescape_bytes(data)))

    def load_binstring(self):
        n = struct.unpack('<i', self.read(4))[0]
        if n < 0:
            raise UnpicklingError("BINSTRING pickle has negative byte count")
        self.stack.append(self._decode_string(self.read(n)))

    def load_binbytes(self):
        n = struct.unpack('<I', self.read(4))[0]
        self.stack.append(self.read(n))

    def load_unicode(self):
        self.stack.append(_raw_unicode_escape(self.readline()[:-1]))

    def load_binunicode(self):
        n = struct.unpack('<I', self.read(4))[0]
        self.stack.append(self._utf8(self.read(n)))

    def load_binunicode8(self):
        n = struct.unpack('<Q', self.read(8))[0]
        self.stack.append(self._utf8(self.read(n)))

    def _utf8(self, b):
        try:
            return b.decode('utf-8')
        except UnicodeDecodeError as e:
            raise UnpicklingError("invalid UTF-8 in pickled string: %s" % e) from None

    def load_binbytes8(self):
        n = struct.unpack('<Q', self.read(8))[0]
        self.stack.append(self.read(n))

    def load_bytearray8(self):
        n = struct.unpack('<Q', self.read(8))[0]
        self.stack.append(bytearray(self.read(n)))

    def load_next_buffer(self):
        if self._buffers is None:
            raise UnpicklingError("pickle stream refers to out-of-band data but no *buffers* argument was given")
        try:
            buf = next(self._buffers)
        except StopIteration:
            raise UnpicklingError("not enough out-of-band buffers")
        self.stack.append(buf)

    def load_readonly_buffer(self):
        self.top()

    def load_short_binstring(self):
        n = self.read(1)[0]
        self.stack.append(self._decode_string(self.read(n)))

    def load_short_binbytes(self):
        n = self.read(1)[0]
        self.stack.append(self.read(n))

    def load_short_binunicode(self):
        n = self.read(1)[0]
        self.stack.append(self._utf8(self.read(n)))

    def load_tuple(self):
        items = self.pop_mark()
        self.stack.append(tuple(items))

    def load_empty_tuple(self):
        self.stack.append(())

    def _tuple_n(self, n):
        if len(self.stack) < n:
            raise UnpicklingError("unpickling stack underflow")
        items = tuple(self.stack[len(self.stack) - n:])
        del self.stack[len(self.stack) - n:]
        self.stack.append(items)

    def load_tuple1(self):
        self._tuple_n(1)

    def load_tuple2(self):
        self._tuple_n(2)

    def load_tuple3(self):
        self._tuple_n(3)

    def load_empty_list(self):
        self.stack.append([])

    def load_empty_dictionary(self):
        self.stack.append({})

    def load_empty_set(self):
        self.stack.append(set())

    def load_frozenset(self):
        items = self.pop_mark()
        self.stack.append(frozenset(items))

    def load_list(self):
        items = self.pop_mark()
        self.stack.append(items)

    def load_dict(self):
        items = self.pop_mark()
        if len(items) % 2:
            raise UnpicklingError("odd number of items for DICT")
        d = {}
        for i in range(0, len(items), 2):
            d[items[i]] = items[i + 1]
        self.stack.append(d)

    def _instantiate(self, klass, args):
        if (args or not isinstance(klass, type) or hasattr(klass, "__getinitargs__")):
            try:
                value = klass(*args)
            except TypeError as err:
                raise TypeError("in constructor for %s: %s" % (klass.__name__, str(err))) from None
        else:
            value = klass.__new__(klass)
        self.stack.append(value)

    def load_inst(self):
        module = self.readline()[:-1].decode("ascii")
        name = self.readline()[:-1].decode("ascii")
        klass = self.find_class(module, name)
        self._instantiate(klass, self.pop_mark())

    def load_obj(self):
        args = self.pop_mark()
        if not args:
            raise UnpicklingError("unpickling stack underflow")
        cls = args.pop(0)
        self._instantiate(cls, args)

    def load_newobj(self):
        args = self.pop()
        cls = self.pop()
        if not isinstance(args, tuple):
            raise UnpicklingError("NEWOBJ expected an arg tuple.")
        if not isinstance(cls, type):
            raise UnpicklingError("NEWOBJ class argument isn't a type object")
        self.stack.append(cls.__new__(cls, *args))

    def load_newobj_ex(self):
        kwargs = self.pop()
        args = self.pop()
        cls = self.pop()
        if not isinstance(args, tuple) or not isinstance(kwargs, dict):
            raise UnpicklingError("NEWOBJ_EX args argument must be a tuple and kwargs a dict")
        self.stack.append(cls.__new__(cls, *args, **kwargs))

    def load_global(self):
        try:
            module = self.readline()[:-1].decode("utf-8")
            name = self.readline()[:-1].decode("utf-8")
        except UnicodeDecodeError:
            raise UnpicklingError("GLOBAL names must be UTF-8") from None
        self.stack.append(self.find_class(module, name))

    def load_stack_global(self):
        name = self.pop()
        module = self.pop()
        if type(name) is not str or type(module) is not str:
            raise UnpicklingError("STACK_GLOBAL requires str")
        self.stack.append(self.find_class(module, name))

    def load_ext(self):
        raise UnpicklingError("the extension registry (EXT opcodes) is not supported")

    def load_reduce(self):
        args = self.pop()
        func = self.pop()
        if not isinstance(args, tuple):
            raise UnpicklingError("REDUCE expected an arg tuple")
        if not callable(func):
            raise UnpicklingError("REDUCE expected a callable")
        self.stack.append(func(*args))

    def load_pop(self):
        if self.stack:
            self.stack.pop()
        elif self.metastack:
            self.pop_mark()
        else:
            raise UnpicklingError("unpickling stack underflow")

    def load_pop_mark(self):
        self.pop_mark()

    def load_dup(self):
        self.stack.append(self.top())

    def _memo_get(self, i):
        if i not in self.memo:
            raise UnpicklingError("Memo value not found at index %d" % i)
        v = self.memo[i]
        if isinstance(v, _NDProxy) and v.array is not None:
            v = v.array
        self.stack.append(v)

    def load_get(self):
        self._memo_get(self._parse_int(self.readline()[:-1]))

    def load_binget(self):
        self._memo_get(self.read(1)[0])

    def load_long_binget(self):
        self._memo_get(struct.unpack('<I', self.read(4))[0])

    def load_put(self):
        i = self._parse_int(self.readline()[:-1])
        if i < 0:
            raise ValueError("negative PUT argument")
        self.memo[i] = self.top()

    def load_binput(self):
        self.memo[self.read(1)[0]] = self.top()

    def load_long_binput(self):
        i = struct.unpack('<I', self.read(4))[0]
        self.memo[i] = self.top()

    def load_memoize(self):
        self.memo[len(self.memo)] = self.top()

    def load_append(self):
        value = self.pop()
        lst = self.top()
        if isinstance(lst, list):
            lst.append(value)
        else:
            lst.append(value)

    def load_appends(self):
        items = self.pop_mark()
        lst = self.top()
        if isinstance(lst, list):
            lst.extend(items)
            return
        extend = getattr(lst, 'extend', None)
        if extend is not None:
            extend(items)
        else:
            for item in items:
                lst.append(item)

    def load_setitem(self):
        value = self.pop()
        key = self.pop()
        d = self.top()
        d[key] = value

    def load_setitems(self):
        items = self.pop_mark()
        d = self.top()
        if len(items) % 2:
            raise UnpicklingError("odd number of items for SETITEMS")
        for i in range(0, len(items), 2):
            d[items[i]] = items[i + 1]

    def load_additems(self):
        items = self.pop_mark()
        s = self.top()
        if isinstance(s, set):
            for x in items:
                s.add(x)
        else:
            for x in items:
                s.add(x)

    def load_build(self):
        state = self.pop()
        inst = self.top()
        setstate = getattr(inst, "__setstate__", None)
        if setstate is not None:
            setstate(state)
            if isinstance(inst, _NDProxy):
                self.stack[-1] = inst.array
                for k in self.memo:
                    if self.memo[k] is inst:
                        self.memo[k] = inst.array
            return
        slotstate = None
        if isinstance(state, tuple) and len(state) == 2:
            state, slotstate = state
        if state:
            if not isinstance(state, dict):
                raise UnpicklingError("state is not a dictionary")
            inst_dict = inst.__dict__
            for k, v in state.items():
                inst_dict[k] = v
        if slotstate:
            if not isinstance(slotstate, dict):
                raise UnpicklingError("slot state is not a dictionary")
            for k, v in slotstate.items():
                setattr(inst, k, v)

    def load_mark(self):
        self.metastack.append(self.stack)
        self.stack = []

    def load_stop(self):
        value = self.pop()
        raise _Stop(value)

    _dispatch = {}


Unpickler._dispatch = {
    PROTO[0]: Unpickler.load_proto, FRAME[0]: Unpickler.load_frame,
    PERSID[0]: Unpickler.load_persid, BINPERSID[0]: Unpickler.load_binpersid,
    NONE[0]: Unpickler.load_none, NEWFALSE[0]: Unpickler.load_false, NEWTRUE[0]: Unpickler.load_true,
    INT[0]: Unpickler.load_int, BININT[0]: Unpickler.load_binint, BININT1[0]: Unpickler.load_binint1,
    BININT2[0]: Unpickler.load_binint2, LONG[0]: Unpickler.load_long, LONG1[0]: Unpickler.load_long1,
    LONG4[0]: Unpickler.load_long4, FLOAT[0]: Unpickler.load_float, BINFLOAT[0]: Unpickler.load_binfloat,
    STRING[0]: Unpickler.load_string, BINSTRING[0]: Unpickler.load_binstring,
    BINBYTES[0]: Unpickler.load_binbytes, UNICODE[0]: Unpickler.load_unicode,
    BINUNICODE[0]: Unpickler.load_binunicode, BINUNICODE8[0]: Unpickler.load_binunicode8,
    BINBYTES8[0]: Unpickler.load_binbytes8, BYTEARRAY8[0]: Unpickler.load_bytearray8,
    NEXT_BUFFER[0]: Unpickler.load_next_buffer, READONLY_BUFFER[0]: Unpickler.load_readonly_buffer,
    SHORT_BINSTRING[0]: Unpickler.load_short_binstring, SHORT_BINBYTES[0]: Unpickler.load_short_binbytes,
    SHORT_BINUNICODE[0]: Unpickler.load_short_binunicode, TUPLE[0]: Unpickler.load_tuple,
    EMPTY_TUPLE[0]: Unpickler.load_empty_tuple, TUPLE1[0]: Unpickler.load_tuple1,
    TUPLE2[0]: Unpickler.load_tuple2, TUPLE3[0]: Unpickler.load_tuple3,
    EMPTY_LIST[0]: Unpickler.load_empty_list, EMPTY_DICT[0]: Unpickler.load_empty_dictionary,
    EMPTY_SET[0]: Unpickler.load_empty_set, FROZENSET[0]: Unpickler.load_frozenset,
    LIST[0]: Unpickler.load_list, DICT[0]: Unpickler.load_dict, INST[0]: Unpickler.load_inst,
    OBJ[0]: Unpickler.load_obj, NEWOBJ[0]: Unpickler.load_newobj, NEWOBJ_EX[0]: Unpickler.load_newobj_ex,
    GLOBAL[0]: Unpickler.load_global, STACK_GLOBAL[0]: Unpickler.load_stack_global,
    EXT1[0]: Unpickler.load_ext, EXT2[0]: Unpickler.load_ext, EXT4[0]: Unpickler.load_ext,
    REDUCE[0]: Unpickler.load_reduce, POP[0]: Unpickler.load_pop, POP_MARK[0]: Unpickler.load_pop_mark,
    DUP[0]: Unpickler.load_dup, GET[0]: Unpickler.load_get, BINGET[0]: Unpickler.load_binget,
    LONG_BINGET[0]: Unpickler.load_long_binget, PUT[0]: Unpickler.load_put,
    BINPUT[0]: Unpickler.load_binput, LONG_BINPUT[0]: Unpickler.load_long_binput,
    MEMOIZE[0]: Unpickler.load_memoize, APPEND[0]: Unpickler.load_append,
    APPENDS[0]: Unpickler.load_appends, SETITEM[0]: Unpickler.load_setitem,
    SETITEMS[0]: Unpickler.load_setitems, ADDITEMS[0]: Unpickler.load_additems,
    BUILD[0]: Unpickler.load_build, MARK[0]: Unpickler.load_mark, STOP[0]: Unpickler.load_stop,
}


def _unescape_bytes(data):
    # Python's string-escape rules for protocol 0 STRING arguments
    out = bytearray()
    i = 0
    n = len(data)
    simple = {ord('n'): 10, ord('t'): 9, ord('r'): 13, ord('\\'): 92, ord("'"): 39, ord('"'): 34,
              ord('a'): 7, ord('b'): 8, ord('f'): 12, ord('v'): 11, ord('0'): 0}
    while i < n:
        c = data[i]
        if c != 92 or i + 1 >= n:
            out.append(c)
            i += 1
            continue
        d = data[i + 1]
        if d == ord('x') and i + 3 < n + 0:
            try:
                out.append(int(data[i + 2:i + 4].decode('ascii'), 16))
            except ValueError:
                raise UnpicklingError("invalid \\x escape in STRING") from None
            i += 4
        elif ord('0') <= d <= ord('7'):
            j = i + 1
            v = 0
            while j < n and j < i + 4 and ord('0') <= data[j] <= ord('7'):
                v = v * 8 + data[j] - 48
                j += 1
            out.append(v & 255)
            i = j
        elif d in simple:
            out.append(simple[d])
            i += 2
        else:
            out.append(92)
            out.append(d)
            i += 2
    return bytes(out)


def _raw_unicode_escape(data):
    out = []
    i = 0
    n = len(data)
    while i < n:
        c = data[i]
        if c == 92 and i + 1 < n and data[i + 1] in (ord('u'), ord('U')):
            k = 4 if data[i + 1] == ord('u') else 8
            try:
                out.append(chr(int(data[i + 2:i + 2 + k].decode('ascii'), 16)))
            except ValueError:
                raise UnpicklingError("truncated \\uXXXX escape in UNICODE") from None
            i += 2 + k
        else:
            out.append(chr(c))
            i += 1
    return ''.join(out)


class _BytesSink:
    def __init__(self):
        self.parts = []

    def write(self, b):
        self.parts.append(b)


def dump(obj, file, protocol=None, *, fix_imports=True, buffer_callback=None):
    Pickler(file, protocol, fix_imports=fix_imports, buffer_callback=buffer_callback).dump(obj)


def dumps(obj, protocol=None, *, fix_imports=True, buffer_callback=None):
    f = _BytesSink()
    Pickler(f, protocol, fix_imports=fix_imports, buffer_callback=buffer_callback).dump(obj)
    return b''.join(f.parts)


def load(file, *, fix_imports=True, encoding="ASCII", errors="strict", buffers=None):
    return Unpickler(file, fix_imports=fix_imports, encoding=encoding, errors=errors, buffers=buffers).load()


def loads(data, *, fix_imports=True, encoding="ASCII", errors="strict", buffers=None):
    if isinstance(data, str):
        raise TypeError("Can't load pickle from unicode string")
    if not isinstance(data, bytes_types):
        data = memoryview(data).tobytes()
    return Unpickler(data, fix_imports=fix_imports, encoding=encoding, errors=errors, buffers=buffers).load()
