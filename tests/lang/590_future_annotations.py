from __future__ import annotations
import typing

def f(a: list[int] | None, b: "Callable[[int], str]" = None, *args: x.y, c: Undefined = 1,
      **kw: dict[str, int]) -> Tuple[int, str]:
    pass

for k, v in f.__annotations__.items():
    print(k, repr(v))

class C:
    x: int
    y: list[C] = []
    z: a.b[1:2, ::3]

    def m(self, other: C) -> C:
        return self

print(C.__annotations__)
print(C.m.__annotations__)
top: Foo[int, ...] = 5
print(__annotations__)

def g():
    local: NotDefined = 3
    return local
print(g())

def h(a: -1, b: not x, c: a and b or c, d: (a or b) and c, e: 1 + 2 * 3, f: (1 + 2) * 3,
      g: 2 ** -1, h: (2 ** 3) ** 4, i: 2 ** 3 ** 4, j: a if b else c, k: (a if b else c).d,
      l: lambda: 1, m: lambda x, y=2: x, n: [x for x in y if x], o: {k: v for k, v in z},
      p: {1, 2}, q: {'a': 1, **d}, r: f(*a, b=1, **c), s: a[1:2], t: a[:], u: a[::2],
      v: 1 .real, w: (1,), x: (), y: (a, b), z: a < b <= c, aa: a is not b, bb: a not in b,
      cc: 'it''s', dd: b'bytes', ee: 1.5, ff: 1e400, gg: 2j, hh: ..., ii: None, jj: True,
      kk: f"x{y!r:>{w}}z", ll: f(x for x in y), mm: [a, *b], nn: -(-x), oo: ~x,
      pp: a @ b, qq: a // b % c, rr: a << b >> c, ss: a | b ^ c & d, tt: (a | b) & c,
      uu: a.b.c(d)[e], vv: a, ww: "dq\"'", xx: '\n\t\x00é', yy: a if b else c if d else e,
      zz: lambda *a, k, **kw: 0):
    pass

for k, v in h.__annotations__.items():
    print(k, v)

def gg(x: int, y: C, z: typing.Optional[typing.List[int]]) -> typing.Dict[str, C]:
    pass

print(typing.get_type_hints(gg))
print(typing.get_type_hints(C.m))

# a module without the future import evaluates its annotations (see 591)
import __future__
print(__future__.annotations.compiler_flag == __future__.CO_FUTURE_ANNOTATIONS)
