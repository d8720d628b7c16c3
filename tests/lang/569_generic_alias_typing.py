# PEP 585 generics with typing: get_type_hints (string and evaluated annotations), get_origin,
# get_args, TypeVar parameters and their substitution, typing's aliases around them.
import collections
import typing
from typing import TypeVar, Optional, Union, List

def f(a: list[int], b: dict[str, int], c: "tuple[int, ...]", d: "set[str] | None" = None) -> type[int]:
    pass

hints = typing.get_type_hints(f)
for k in sorted(hints):
    print(k, hints[k])

class C:
    items: list[str]
    table: "dict[str, list[int]]"
    q: collections.deque[int]

for k, v in sorted(typing.get_type_hints(C).items()):
    print(k, v)

print(typing.get_origin(list[int]), typing.get_args(dict[str, int]))
print(typing.get_origin(tuple[int, ...]), typing.get_args(tuple[int, ...]))
print(typing.get_origin(int), typing.get_args(int))

T = TypeVar('T')
K = TypeVar('K')
print(list[T], list[T].__parameters__, dict[K, list[T]].__parameters__)
print(dict[str, T][int], dict[K, T][str, float], dict[K, list[T]][str, bytes])
print(list[T][int] == list[int])
for bad in ((int, str), ()):
    try:
        list[T][bad]
    except TypeError as e:
        print('TypeError:', e)

print(Optional[list[int]], Union[int, list[str]], List[list[int]])
print(typing.get_args(Optional[dict[str, int]]))
