# which builtin bases combine: lay-out conflicts, exceptions with several bases, bool
class A(int): pass
class B(A): pass
print(B(5) + 1, B.__mro__, isinstance(B(2), A))
for bases in [(int, str), (list, dict), (tuple, list), (str, float), (A, str)]:
    try:
        type("X", bases, {})
        print("ok", bases)
    except TypeError as e:
        print("TypeError", e)
try:
    class Bad(bool): pass
except TypeError as e:
    print("TypeError", e)
class MyErr(KeyError, ValueError): pass
print(MyErr.__mro__)
try:
    raise MyErr("k")
except ValueError as e:
    print("caught", repr(e), isinstance(e, LookupError))
class M:
    def hello(self):
        return "hello " + str(self)
class MInt(M, int): pass
class MList(list, M): pass
print(MInt(4).hello(), MList([1]).hello(), MInt.__mro__)
for args in [(str, (int,)), (int, (int,))]:
    try:
        print(args[0].__new__(args[1][0]))
    except TypeError as e:
        print("TypeError", e)
