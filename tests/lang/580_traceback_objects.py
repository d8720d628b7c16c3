# traceback objects: e.__traceback__, tb_next/tb_lineno/tb_frame, with_traceback,
# sys.exc_info, the traceback module over them, and contextmanager's restored traceback
import sys
import traceback
import contextlib
import re


def clean(lines):
    # CPython names the file by its absolute path here
    return re.sub(r'File ".*?([^/]+[.]py)"', r'File "\1"', "".join(lines))


def inner(x):
    return 1 / x


def outer(x):
    y = x + 1
    return inner(x)


def chain_of(tb):
    out = []
    while tb is not None:
        out.append((tb.tb_frame.f_code.co_name, tb.tb_lineno))
        tb = tb.tb_next
    return out


try:
    outer(0)
except ZeroDivisionError as e:
    tb = e.__traceback__
    print(type(tb).__name__)
    print(chain_of(tb))
    print(tb.tb_frame.f_code.co_filename.endswith("580_traceback_objects.py"))
    print(tb.tb_next.tb_frame.f_code.co_firstlineno)
    print(e.__traceback__ is tb)
    t, v, b = sys.exc_info()
    print(t is ZeroDivisionError, v is e, b is tb)
    print([(f.f_code.co_name, n) for f, n in traceback.walk_tb(tb)])
    for fs in traceback.extract_tb(tb):
        print(fs.name, fs.lineno, fs.line)
    print(clean(traceback.format_tb(tb)), end="")
    print(clean(traceback.format_tb(tb, limit=1)), end="")
    print(clean(traceback.format_exception(e)), end="")
    print(clean(traceback.format_exception(type(e), e, tb.tb_next)), end="")
    print(traceback.format_exception_only(e))

print(sys.exc_info())

# with_traceback replaces the traceback, None clears it
try:
    outer(0)
except ZeroDivisionError as e:
    saved = e.__traceback__
e2 = ValueError("again")
print(e2.__traceback__)
print(e2.with_traceback(saved) is e2)
print(chain_of(e2.__traceback__))
e2.__traceback__ = None
print(e2.__traceback__)
try:
    e2.__traceback__ = 5
except TypeError as err:
    print(err)

# re-raising adds the raising frame in front of the kept entries
def reraise():
    try:
        outer(0)
    except ZeroDivisionError as e:
        raise e


try:
    reraise()
except ZeroDivisionError as e:
    print(chain_of(e.__traceback__))

# raise ... .with_traceback(tb)
def raise_with(tb):
    raise KeyError("k").with_traceback(tb)


try:
    raise_with(saved)
except KeyError as e:
    print(chain_of(e.__traceback__))


# contextmanager: the exception leaves the with block with the traceback it had there
@contextlib.contextmanager
def managed():
    try:
        yield 1
    finally:
        pass


def use():
    with managed():
        inner(0)


try:
    use()
except ZeroDivisionError as e:
    print(chain_of(e.__traceback__))
    print(clean(traceback.format_exception(e)), end="")


# a generator's throw() with a traceback
def gen():
    yield 1


g = gen()
next(g)
try:
    g.throw(ValueError, ValueError("v"), saved)
except ValueError as e:
    print(chain_of(e.__traceback__))
