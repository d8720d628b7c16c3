# atexit - functions to run when the program ends (CPython 3.11's module); sb.c calls
# _run_exitfuncs after a program file finishes, last registered first.

_handlers = []


def register(func, *args, **kwargs):
    if not callable(func):
        raise TypeError("the first argument must be callable")
    _handlers.append((func, args, kwargs))
    return func


def unregister(func):
    _handlers[:] = [h for h in _handlers if h[0] != func]


def _clear():
    del _handlers[:]


def _ncallbacks():
    return len(_handlers)


def _run_exitfuncs():
    import sys
    import traceback
    while _handlers:
        func, args, kwargs = _handlers.pop()
        try:
            func(*args, **kwargs)
        except SystemExit:
            pass
        except BaseException as e:
            sys.stderr.write("Exception ignored in atexit callback: " + repr(func) + "\n")
            traceback.print_exception(type(e), e, e.__traceback__)
