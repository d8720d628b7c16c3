# contextlib - context-manager helpers as CPython's contextlib has them: @contextmanager (the
# with block's exception is thrown into the generator at its yield), ContextDecorator, suppress,
# closing, nullcontext and ExitStack (callbacks unwound last-in first-out, exceptions chained).
# Not here: redirect_stdout/redirect_stderr (print writes to the session, not to sys.stdout),
# the async variants.


class AbstractContextManager:
    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        return None


class ContextDecorator:
    """A base class that lets a context manager be used as a decorator too."""

    def _recreate_cm(self):
        return self

    def __call__(self, func):
        def inner(*args, **kwds):
            with self._recreate_cm():
                return func(*args, **kwds)
        inner.__name__ = getattr(func, "__name__", "inner")
        inner.__qualname__ = getattr(func, "__qualname__", "inner")
        inner.__doc__ = getattr(func, "__doc__", None)
        inner.__wrapped__ = func
        return inner


class _GeneratorContextManager(ContextDecorator):
    def __init__(self, func, args, kwds):
        self.gen = func(*args, **kwds)
        self.func, self.args, self.kwds = func, args, kwds
        doc = getattr(func, "__doc__", None)
        if doc is None:
            doc = type(self).__doc__
        self.__doc__ = doc

    def _recreate_cm(self):
        return self.__class__(self.func, self.args, self.kwds)

    def __enter__(self):
        del self.args, self.kwds, self.func
        try:
            return next(self.gen)
        except StopIteration:
            raise RuntimeError("generator didn't yield") from None

    def __exit__(self, typ, value, traceback):
        if typ is None:
            try:
                next(self.gen)
            except StopIteration:
                return False
            else:
                raise RuntimeError("generator didn't stop")
        if value is None:
            value = typ()
        try:
            self.gen.throw(typ, value, traceback)
        except StopIteration as exc:
            # the generator swallowed the exception (unless it re-raised a StopIteration
            # that came from the with block)
            return exc is not value
        except RuntimeError as exc:
            if exc is value:
                exc.__traceback__ = traceback
                return False
            if isinstance(value, StopIteration) and exc.__cause__ is value:
                value.__traceback__ = traceback
                return False
            raise
        except BaseException as exc:
            # the exception propagates with the traceback it had at the with block, as in
            # CPython (not the generator's and this method's lines)
            if exc is not value:
                raise
            exc.__traceback__ = traceback
            return False
        raise RuntimeError("generator didn't stop after throw()")


def contextmanager(func):
    """@contextmanager decorator: a generator function that yields once becomes a factory of
    context managers; the code before the yield is __enter__, the code after is __exit__."""
    def helper(*args, **kwds):
        return _GeneratorContextManager(func, args, kwds)
    helper.__name__ = getattr(func, "__name__", "helper")
    helper.__qualname__ = getattr(func, "__qualname__", "helper")
    helper.__doc__ = getattr(func, "__doc__", None)
    helper.__wrapped__ = func
    return helper


class closing(AbstractContextManager):
    """Call thing.close() at the end of the block."""

    def __init__(self, thing):
        self.thing = thing

    def __enter__(self):
        return self.thing

    def __exit__(self, *exc_info):
        self.thing.close()


class nullcontext(AbstractContextManager):
    """A context manager that does nothing; `as` gives enter_result."""

    def __init__(self, enter_result=None):
        self.enter_result = enter_result

    def __enter__(self):
        return self.enter_result

    def __exit__(self, *excinfo):
        pass


class suppress(AbstractContextManager):
    """Suppress the given exception types raised in the block (and their subclasses)."""

    def __init__(self, *exceptions):
        self._exceptions = exceptions

    def __enter__(self):
        pass

    def __exit__(self, exctype, excinst, exctb):
        return exctype is not None and issubclass(exctype, self._exceptions)


class ExitStack(AbstractContextManager):
    """Enter any number of context managers and callbacks; leaving the stack unwinds them in
    reverse order, each seeing the exception (if any) the later ones left."""

    def __init__(self):
        self._exit_callbacks = []

    def pop_all(self):
        new_stack = type(self)()
        new_stack._exit_callbacks = self._exit_callbacks
        self._exit_callbacks = []
        return new_stack

    def push(self, exit):
        exit_method = getattr(type(exit), "__exit__", None)
        if exit_method is None:
            self._exit_callbacks.append((True, exit))
        else:
            self._exit_callbacks.append((True, _bound_exit(exit, exit_method)))
        return exit

    def enter_context(self, cm):
        cls = type(cm)
        try:
            enter = cls.__enter__
            exit = cls.__exit__
        except AttributeError:
            raise TypeError("'" + cls.__module__ + "." + cls.__qualname__ +
                            "' object does not support the context manager protocol") from None
        result = enter(cm)
        self._exit_callbacks.append((True, _bound_exit(cm, exit)))
        return result

    def callback(self, callback, *args, **kwds):
        def _exit_wrapper(exc_type, exc, tb):
            callback(*args, **kwds)
        _exit_wrapper.__wrapped__ = callback
        self._exit_callbacks.append((False, _exit_wrapper))
        return callback

    def close(self):
        self.__exit__(None, None, None)

    def __enter__(self):
        return self

    def __exit__(self, *exc_details):
        received_exc = exc_details[0] is not None
        pending = exc_details[1] if received_exc else None
        while self._exit_callbacks:
            is_sync, cb = self._exit_callbacks.pop()
            details = (type(pending), pending, None) if pending is not None else (None, None, None)
            try:
                if cb(*details):
                    pending = None
            except BaseException as new_exc:
                if pending is not None and new_exc is not pending and new_exc.__context__ is None:
                    new_exc.__context__ = pending
                pending = new_exc
        if pending is not None and (not received_exc or pending is not exc_details[1]):
            raise pending
        return received_exc and pending is None


def _bound_exit(cm, exit_method):
    def _exit_wrapper(exc_type, exc, tb):
        return exit_method(cm, exc_type, exc, tb)
    _exit_wrapper.__self__ = cm
    return _exit_wrapper
