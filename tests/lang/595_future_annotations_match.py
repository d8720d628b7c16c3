# `from __future__ import annotations` reaches annotations inside match/case bodies too.
from __future__ import annotations


def f(cmd):
    match cmd:
        case ("go", n):
            def step(x: Undefined[n] = 1) -> list[int] | None:
                return x
            return step.__annotations__
        case _:
            class C:
                y: dict[str, Missing]
            return C.__annotations__


print(f(("go", 3)))
print(f("stop"))


def g(x: Annotated[int, 0x1_0000_0000_0000_0000_0000, 2**70]) -> None:
    pass


print(g.__annotations__)
