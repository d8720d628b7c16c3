# timeit.py - Timer / timeit / repeat / default_timer (perf_counter) for statements given as
# callables or source strings (run with exec in the globals given, as CPython).
import time

__all__ = ['Timer', 'timeit', 'repeat', 'default_timer']

default_timer = time.perf_counter
default_number = 1000000
default_repeat = 5
dummy_src_name = '<timeit-src>'


def _noop():
    pass


def _as_callable(stmt, ns, what):
    if callable(stmt):
        return stmt
    if isinstance(stmt, str):
        if stmt.strip() in ('', 'pass'):
            return _noop
        code = compile(stmt, dummy_src_name, 'exec')

        def run():
            try:
                exec(code, ns)
            except NotImplementedError:
                raise NotImplementedError('timeit with a statement string needs exec() with a globals '
                                          'dict, which Sable does not support yet; pass a callable')
        return run
    raise ValueError(what + ' is neither a string nor callable')


class Timer:
    def __init__(self, stmt='pass', setup='pass', timer=default_timer, globals=None):
        self.timer = timer
        ns = {} if globals is None else globals
        self._ns = ns
        self._stmt = _as_callable(stmt, ns, 'stmt')
        self._setup = _as_callable(setup, ns, 'setup')

    def timeit(self, number=default_number):
        self._setup()
        f = self._stmt
        timer = self.timer
        t0 = timer()
        for _ in range(number):
            f()
        return timer() - t0

    def repeat(self, repeat=default_repeat, number=default_number):
        return [self.timeit(number) for i in range(repeat)]

    def autorange(self, callback=None):
        i = 1
        while True:
            for j in 1, 2, 5:
                number = i * j
                time_taken = self.timeit(number)
                if callback:
                    callback(number, time_taken)
                if time_taken >= 0.2:
                    return (number, time_taken)
            i *= 10

    def print_exc(self, file=None):
        import traceback
        traceback.print_exc(file=file)


def timeit(stmt='pass', setup='pass', timer=default_timer, number=default_number, globals=None):
    return Timer(stmt, setup, timer, globals).timeit(number)


def repeat(stmt='pass', setup='pass', timer=default_timer, repeat=default_repeat,
           number=default_number, globals=None):
    return Timer(stmt, setup, timer, globals).repeat(repeat, number)
