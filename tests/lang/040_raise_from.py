# raise ... from ..., __cause__, __context__, exceptions raised while handling others
class DataError(Exception):
    pass
def parse(s):
    try:
        return int(s)
    except ValueError as e:
        raise DataError(f"cannot parse {s!r}") from e
try:
    parse("x1")
except DataError as e:
    print(e, "| cause:", type(e.__cause__).__name__, e.__cause__)
try:
    try:
        {}["a"]
    except KeyError:
        raise RuntimeError("while handling")
except RuntimeError as e:
    print(e, "| context:", repr(e.__context__), "| cause:", e.__cause__)
try:
    try:
        1 / 0
    except ZeroDivisionError:
        raise ValueError("replaced") from None
except ValueError as e:
    print(e, e.__cause__)
def layered():
    try:
        parse("?")
    except DataError as e:
        raise LookupError("layer 2") from e
try:
    layered()
except LookupError as e:
    chain = []
    cur = e
    while cur is not None:
        chain.append(f"{type(cur).__name__}({cur})")
        cur = cur.__cause__
    print(" <- ".join(chain))
err = ValueError("stored")
try:
    raise err
except ValueError as e:
    print(e is err)
try:
    raise TypeError from ValueError("reason")
except TypeError as e:
    print(repr(e), repr(e.__cause__))
