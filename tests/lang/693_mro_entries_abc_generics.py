# PEP 560 bases: list[int], Generic[T], Box[int], typing.List[int], a user __mro_entries__;
# __orig_bases__; collections.abc ABCs subscriptable and their isinstance/issubclass
import typing, collections.abc as cabc
from typing import TypeVar, Generic, List
T = TypeVar('T')
K = TypeVar('K')
class A(list[int]):
    pass
print(A.__orig_bases__, A.__mro__, A([1, 2]) + [3])
print('__orig_bases__' in A.__dict__, hasattr(list, '__orig_bases__'))
class B(Generic[T]):
    def __init__(self, x):
        self.x = x
print(B.__orig_bases__, B.__mro__, B.__parameters__, B(3).x)
print(B[int], B[int](5).x)
class C(B[int]):
    pass
print(C.__orig_bases__, C.__mro__)
class D(dict[str, T], Generic[T]):
    pass
print(D.__mro__, D.__orig_bases__)
class E(typing.List[int]):
    pass
print(E.__mro__)
class P:
    def __init__(self, real):
        self.real = real
    def __mro_entries__(self, bases):
        print('entries for', len(bases), 'bases')
        return (self.real,)
class F(P(int), P(str).__class__):
    pass
print(F.__mro__, F.__orig_bases__[1])
class Bad:
    def __mro_entries__(self, bases):
        return [int]
try:
    class G(Bad()):
        pass
except TypeError as e:
    print('TypeError', e)
class Empty:
    def __mro_entries__(self, bases):
        return ()
class H(Empty()):
    pass
print(H.__mro__, H.__bases__)
try:
    Generic[int]
except TypeError as e:
    print('TypeError', e)
print(Generic[T], Generic[T, K])
print(typing.get_origin(B[int]), typing.get_args(B[int]))
print(cabc.Iterable[int], cabc.Mapping[str, int], cabc.Callable[[int], str], cabc.Callable[..., int], cabc.Callable[[], None])
print(cabc.Sequence[int].__origin__ is cabc.Sequence, cabc.Callable[[int, float], str].__args__)
print(isinstance([], cabc.Iterable), isinstance({}, cabc.Mapping), issubclass(list, cabc.Sequence), issubclass(dict, cabc.MutableMapping))
class It:
    def __iter__(self):
        return iter([1])
print(isinstance(It(), cabc.Iterable), isinstance(It(), cabc.Iterator), issubclass(It, cabc.Iterable))
print(hasattr(cabc.Hashable, '__class_getitem__'), hasattr(cabc.Sized, '__class_getitem__'))
try:
    cabc.Callable[int, str]
except TypeError as e:
    print('TypeError', e)
class MyIt(cabc.Iterator[int]):
    def __init__(self):
        self.n = 0
    def __next__(self):
        self.n += 1
        if self.n > 3:
            raise StopIteration
        return self.n
print(list(MyIt()), MyIt.__orig_bases__)
def f(x: cabc.Callable[[int], str]) -> cabc.Iterable[int]:
    pass
print(f.__annotations__)
