# IntEnum, StrEnum and IntFlag members are real ints and strs; io.UnsupportedOperation
# derives from both OSError and ValueError
import enum, io
class C(enum.IntEnum):
    A = 1
    B = 2
class S(enum.StrEnum):
    X = enum.auto()
    Y = "yy"
class F(enum.IntFlag):
    R = 4
    W = 2
print(C.A, repr(C.A), isinstance(C.A, int), C.A + 1, C.B * 3, C.A == 1, C.A < C.B, hash(C.A) == hash(1), [10, 20, 30][C.B], int(C.B), f"{C.A:03d}", C(2), sorted([C.B, C.A]))
print(S.X, repr(S.X), isinstance(S.X, str), S.X + "!", S.Y.upper(), S.X == "x", {"yy": 1}[S.Y], len(S.Y), "-".join([S.X, S.Y]))
print(F.R | F.W, repr(F.R | F.W), isinstance(F.R, int), F.R & 4, int(F.R | F.W), F(6), bool(F(0)))
print(issubclass(io.UnsupportedOperation, ValueError), issubclass(io.UnsupportedOperation, OSError), io.UnsupportedOperation.__mro__)
try:
    raise io.UnsupportedOperation("nope")
except ValueError as e: print("VE", e)
