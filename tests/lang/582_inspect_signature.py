# inspect: signature() over annotations and defaults (str, parameters, kinds, bind,
# bind_partial, apply_defaults, replace), predicates, getdoc/cleandoc, getsource, frames
import inspect
from inspect import Parameter, Signature
import functools


def f(a, b: int, /, c: str = "x", *args: float, d, e: list = None, **kw) -> bool:
    """Do
       things.

    More."""
    return True


sig = inspect.signature(f)
print(sig)
print(repr(sig))
print(f.__annotations__)
for name, p in sig.parameters.items():
    print(name, p.kind, p.kind.description, p.default is Parameter.empty, p.annotation, repr(p))
print(sig.return_annotation)
print(str(Parameter.POSITIONAL_ONLY), int(Parameter.KEYWORD_ONLY))

ba = sig.bind(1, 2, "y", 3.0, 4.0, d=5, z=6)
print(ba)
print(ba.args, ba.kwargs)
ba2 = sig.bind_partial(1, 2)
print(ba2)
ba2.apply_defaults()
print(ba2)
for call in [lambda: sig.bind(1), lambda: sig.bind(1, 2, d=1, c=2, x=3, a=4),
             lambda: sig.bind(1, 2, 3, b=4, d=5)]:
    try:
        call()
    except TypeError as err:
        print("TypeError:", err)


def g(x, y=2, *, z):
    pass


print(inspect.signature(g))
try:
    inspect.signature(lambda x, y: 0).bind(1, 2, 3)
except TypeError as err:
    print(err)
print(inspect.signature(lambda *a, **k: 0))
print(inspect.signature(lambda: 0))
new = inspect.signature(g).replace(parameters=[Parameter("q", Parameter.POSITIONAL_ONLY, default=3)],
                                   return_annotation=int)
print(new)
print(Parameter("w", Parameter.KEYWORD_ONLY, annotation="T").replace(default=1))
print(Signature([Parameter("a", Parameter.POSITIONAL_OR_KEYWORD)]) == inspect.signature(lambda a: 0))
try:
    Signature([Parameter("a", Parameter.KEYWORD_ONLY), Parameter("b", Parameter.POSITIONAL_ONLY)])
except ValueError as err:
    print(err)
try:
    Parameter("1x", Parameter.POSITIONAL_ONLY)
except ValueError as err:
    print(err)


class K:
    """A class."""

    def __init__(self, p, q: int = 1):
        pass

    def meth(self, r, *, s=2):
        "Method doc."
        yield r

    def __call__(self, t):
        pass


print(inspect.signature(K))
print(inspect.signature(K(1).meth))
print(inspect.signature(K.meth))
print(inspect.signature(K(1)))


def deco(fn):
    @functools.wraps(fn)
    def wrapper(*a, **k):
        return fn(*a, **k)
    return wrapper


@deco
def wrapped(m, n=3):
    pass


print(inspect.signature(wrapped))
print(inspect.signature(wrapped, follow_wrapped=False))
print(inspect.unwrap(wrapped).__name__)

print(inspect.isfunction(f), inspect.isfunction(len), inspect.isbuiltin(len))
print(inspect.ismethod(K(1).meth), inspect.ismethod(K.meth), inspect.isclass(K), inspect.isclass(K(1)))
print(inspect.ismodule(inspect), inspect.isgeneratorfunction(K.meth), inspect.isgeneratorfunction(g))
print(inspect.isgenerator(K(1).meth(1)), inspect.iscoroutinefunction(g))
print(inspect.getdoc(f))
print(repr(inspect.cleandoc("  a\n    b\n  c\n\n")))
print(inspect.getdoc(K), inspect.getdoc(K.meth))
print(inspect.getmodule(f).__name__)
print([n for n, v in inspect.getmembers(K, inspect.isfunction)])
print(inspect.getsource(g), end="")
lines, start = inspect.getsourcelines(wrapped)
print(start, lines)
print(inspect.getfile(f).endswith("582_inspect_signature.py"))
print(inspect.signature(len), inspect.signature(divmod))


def where():
    fr = inspect.currentframe()
    return fr.f_code.co_name, fr.f_back.f_code.co_name, inspect.stack()[0].function, inspect.stack()[1][3]


print(where())
