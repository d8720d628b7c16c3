# a builtin function stored as a class's __init__ does not bind self (it has no __get__)
class C:
    __init__ = print
c = C('made', 2)
print(type(c).__name__)
class D:
    __init__ = len
try:
    D([1, 2])
except TypeError as e:
    print('TypeError', e)
