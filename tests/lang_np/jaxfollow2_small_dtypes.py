# np.dtype of the integer types Sable has no arrays of (int8, int16, uint16, uint64): the dtype
# objects exist with NumPy's attributes, comparisons and iinfo limits. Making an array of one
# either works (NumPy) or raises NotImplementedError naming the dtype (Sable): both print True.
import numpy as np

for n in ["int8", "int16", "uint16", "uint64"]:
    for spec in (n, getattr(np, n), np.dtype(n)):
        d = np.dtype(spec)
        print(repr(d), d, d.name, d.itemsize, d.kind, d.char, d.str, d.type)
    d = np.dtype(n)
    print(" ", d == getattr(np, n), d == n, d != np.int32, d == np.dtype("int32"),
          d == np.dtype(n), hash(d) == hash(np.dtype(n)), d in (np.int8, np.int16))
    print(" ", bool(np.issubdtype(d, np.integer)), bool(np.issubdtype(d, np.signedinteger)),
          bool(np.issubdtype(d, np.unsignedinteger)), bool(np.issubdtype(d, np.floating)))
    info = np.iinfo(d)
    print(" ", repr(info), info.min, info.max, info.bits, np.iinfo(getattr(np, n)).max)
    try:
        a = np.zeros(2, dtype=d)
        print("  zeros", str(a.dtype) == n)
    except NotImplementedError as e:
        print("  zeros", n in str(e))
for code in ["i1", "b", "<i2", "h", "u2", "H", "<u8", "Q", "byte", "short", "ushort"]:
    print(code, np.dtype(code))
for bad in ["int7", "i3", object()]:
    try:
        np.dtype(bad)
    except TypeError as e:
        print(type(e).__name__)
