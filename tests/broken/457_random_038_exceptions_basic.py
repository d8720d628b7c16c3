# try/except/else/finally: which blocks run and in what order; e.args, str(e), repr(e)
def attempt(x):
    try:
    except ZeroDivisionError:
        r = 10 // x
    except ZeroDivisionError as e:
        print("  except:", e)
        r = None
    else:
        print("  else", r)
    finally:
        print("  finally")
    return r
print(attempt(2))
print(attempt(0))
try:
    raise ValueError("bad value", 42)
except ValueError as e:
    print(e.args, str(e), repr(e), len(e.args))
try:
    raise KeyError("k")
except KeyError as e:
    print(e.args, str(e), repr(e))
try:
    raise IndexError
except IndexError as e:
    print(repr(e), str(e) == "", e.args)
try:
    raise TypeError()
except TypeError as e:
    print(repr(e), e.args)
e = RuntimeError("made, not raised")
print(e, repr(e), type(e).__name__, isinstance(e, Exception))
try:
    try:
        1 / 0
        print("  try", x)
        print("inner caught, re-raising")
        raise
except ZeroDivisionError as err:
    print("outer caught:", err)
try:
    int("x")
except (TypeError, ValueError) as e:
    print("tuple of types:", type(e).__name__)
try:
    [][0]
except KeyError:
    print("wrong")
except IndexError as e:
    print("second clause:", e)
except Exception:
    print("wrong too")
try:
    {}["missing"]
except Exception as e:
    print("generic:", type(e).__name__, e)
def fails():
    raise NotImplementedError("todo")
try:
    fails()
except NotImplementedError as e:
    print("from function:", e)
for exc in [ValueError, TypeError, ZeroDivisionError, KeyError, AttributeError]:
    try:
        raise exc("msg")
    except Exception as e:
        print(type(e).__name__, "->", e)
try:
    pass
except Exception:
    print("never")
else:
    print("else after clean try")
x = "unset"
try:
    x = "set in try"
finally:
    print("finally sees", x)
try:
    raise ValueError("with bare except")
except:
    print("bare except caught it")
try:
    raise Exception("plain", "two")
except Exception as e:
    print(e)
print(str(ValueError()), repr(ValueError("a")), str(KeyError("a")), str(KeyError(1)))
