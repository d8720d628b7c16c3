# np.dtype from array-protocol strings ('<f4', '=f8', '|b1'), one-letter codes and types;
# byteorder/str/char/kind/itemsize/type; isinstance against scalar classes (.out from NumPy 2)
import numpy as np

for s in ['<f4', '=f8', '|b1', '<i4', '|u1', '>u1', '>b1', 'f', 'd', 'i', 'l', 'I', '<u4', '=i8',
          'float32', 'bool', 'f2', '<f2', 'int_', 'intp', 'B', '?', 'e']:
    d = np.dtype(s)
    print(s, repr(d), d.byteorder, d.str, d.char, d.kind, d.itemsize, d.name, d.type, d == s)
for t in [np.float32, np.float64, np.int32, np.int64, np.uint8, np.uint32, np.bool_, np.float16, float, int, bool]:
    d = np.dtype(t)
    print(repr(d), d.type, d.byteorder, d.str, d.type is t or t in (float, int, bool))
print(np.dtype('<f4') == np.float32, np.float32 == np.dtype('f4'), np.dtype('=f8') == 'd', np.dtype('<i8') != 'f8')
x = np.zeros(3, dtype='<f4')
print(x.dtype, x.dtype.byteorder, np.ones(2, dtype='|b1'), np.arange(3, dtype='=i8').dtype)
print(np.array([1, 2], dtype='<u4').dtype.str, np.frombuffer(b'\x01\x00\x00\x00\x02\x00\x00\x00', dtype='<i4'))
for bad in ['x4', '<z8', 'float99']:
    try:
        np.dtype(bad)
    except TypeError as e:
        print('TypeError', e)

v = np.float64(1.5)
print([isinstance(v, t) for t in (np.float64, np.floating, np.inexact, np.number, np.generic, np.integer, np.float32)])
i = np.int32(3)
print([isinstance(i, t) for t in (np.int32, np.int64, np.integer, np.signedinteger, np.unsignedinteger, np.floating)])
print([isinstance(np.arange(3).sum(), t) for t in (np.int64, np.integer)], isinstance(np.bool_(True), np.bool_))
print(isinstance(1.5, np.float64), isinstance(2, np.integer), isinstance(np.array(1.0), np.float64),
      isinstance(np.zeros(2), np.floating))
print(isinstance(np.float32(2), (np.float64, np.float32)), isinstance(np.uint8(1), np.unsignedinteger))
