# typing: special forms, aliases and their reprs, TypeVar, cast, overload, NamedTuple,
# TypedDict, get_type_hints on classes; the TypeVar/cast decorator pattern of typed_jit.
import typing
from typing import Any, Union, Optional, List, Dict, Tuple, Callable, TypeVar, cast

print(typing.Any, typing.Union, typing.Optional, typing.Callable)
print(typing.List, typing.Dict, typing.Tuple, typing.Set, typing.FrozenSet, typing.Type)
print(typing.Sequence, typing.Mapping, typing.Iterable, typing.Iterator, typing.Hashable)
print(typing.Literal, typing.ClassVar, typing.Final)
print(typing.TYPE_CHECKING)

print(List[int], Dict[str, float], typing.Set[str], typing.FrozenSet[int])
print(Tuple[int, ...], Tuple[int, str], Tuple[()])
print(typing.Type[int], typing.Sequence[int], typing.Mapping[str, int])
print(typing.Iterable[float], typing.Iterator[str])
print(Optional[int], Optional[List[int]])
print(Union[int, str], Union[int, str, None], Union[int], Union[int, int, str])
print(Union[int, Union[str, float]])
print(Union[int, str] == Union[str, int], List[int] == List[int], List[int] == List[str])
print(Callable[[int], str], Callable[[int, float], List[int]], Callable[..., int])
print(Callable[[], None])
print(typing.Literal[1, "a", None], typing.ClassVar[int], typing.Final[str])
print(List["Foo"], typing.ForwardRef("Foo"))
print(typing.get_origin(List[int]), typing.get_origin(Union[int, str]) is Union)
print(typing.get_args(Dict[str, int]), typing.get_args(Callable[[int], str]))
print(typing.get_args(int), typing.get_origin(int))
print(List[int] | None, int | typing.Sequence[int], typing.Sequence[int] | str)
print(typing.DefaultDict[str, int](int), typing.Deque[int]([1, 2]))

for bad in [lambda: typing.Hashable[int], lambda: List[int, str], lambda: Any[int],
            lambda: List(), lambda: List[int](), lambda: Union[()]]:
    try:
        bad()
    except TypeError as e:
        print("TypeError:", e)

T = TypeVar("T")
N = TypeVar("N", int, float)
C = TypeVar("C", bound=typing.Callable)
K = TypeVar("K", covariant=True)
V = TypeVar("V", contravariant=True)
print(T, N, C, K, V, List[T], Dict[K, V])
print(T.__name__, T.__bound__, T.__constraints__, T.__covariant__, T.__contravariant__)
print(N.__constraints__, C.__bound__, K.__covariant__, V.__contravariant__)
try:
    TypeVar("X", int)
except TypeError as e:
    print("TypeError:", e)

# The course's typed_jit / typed_grad pattern, with a plain decorator for jax.jit.
F = typing.TypeVar("F", bound=typing.Callable)

def trace_calls(fun):
    def wrapped(*args, **kwargs):
        print("call", fun.__name__, args)
        return fun(*args, **kwargs)
    return wrapped

def typed_jit(fun: F) -> F:
    return typing.cast(F, trace_calls(fun))

def typed_grad(
    fun: F,
    argnums: int | typing.Sequence[int] = 0,
    has_aux: bool = False,
    reduce_axes: typing.Sequence[typing.Hashable] = (),
) -> F:
    return typing.cast(F, trace_calls(fun))

def f(x: float) -> float:
    return 0.5 * x + 1.0

print(typed_jit(f)(2.0), typed_grad(f, argnums=0)(4.0))
print(cast(int, "not an int"), cast("List[int]", [1]))

# overload
@typing.overload
def area(x: int) -> int: ...
@typing.overload
def area(x: float) -> float: ...
def area(x):
    return x * x
print(area(3), len(typing.get_overloads(area)))
@typing.overload
def only(x: int) -> int: ...
try:
    only(1)
except NotImplementedError as e:
    print("NotImplementedError:", e)

@typing.no_type_check
def loose(a: "whatever") -> "x":
    return a
print(loose(5), loose.__no_type_check__)

# NamedTuple, functional forms
Point = typing.NamedTuple("Point", [("x", int), ("y", float)])
p = Point(1, 2.5)
print(p, p.x, p.y, Point._fields, Point.__annotations__, p._replace(x=3), tuple(p))
Pair = typing.NamedTuple("Pair", a=str, b=int)
print(Pair("s", 2), Pair.__annotations__)

# TypedDict, functional form
Movie = typing.TypedDict("Movie", {"name": str, "year": int})
m = Movie(name="Blade Runner", year=1982)
print(m, type(m), Movie.__annotations__, Movie.__total__, sorted(Movie.__required_keys__))
Part = typing.TypedDict("Part", {"a": int}, total=False)
print(Part(), Part.__total__, sorted(Part.__optional_keys__))

# Generic and Protocol as base classes; class-body annotations and get_type_hints
class Box(typing.Generic[T]):
    def __init__(self, item):
        self.item = item
print(Box(3).item, [c.__name__ for c in Box.__mro__], typing.Generic)

class SupportsClose(typing.Protocol):
    def close(self): ...

class Config:
    name: str
    size: int = 3
    tags: "List[str]"
    extra: Optional[Dict[str, Any]] = None

class Sub(Config):
    level: float

print(typing.get_type_hints(Config))
print(typing.get_type_hints(Sub))
