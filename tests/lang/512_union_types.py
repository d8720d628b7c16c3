# int | str on types: types.UnionType with CPython's repr, __args__, ==, isinstance/issubclass
import types
U = int | str
print(U, type(U), U.__args__, type(U) is types.UnionType if hasattr(types, "UnionType") else True)
print(int | None, None | int, int | str | None, (int | str) | float, int | int)
print(isinstance(3, U), isinstance("a", U), isinstance(2.0, U), isinstance(None, int | None))
print(issubclass(bool, int | str), issubclass(float, int | str))
print(int | str == str | int, int | str == int | float, hash(int | str) == hash(str | int))
class A: pass
print(A | None, list | A)
