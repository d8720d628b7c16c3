# threading.py - CPython's threading API over the native _thread (core/thread.c: green threads that
# take turns as under CPython's GIL): Thread, Condition, Semaphore, Event, Barrier, Timer, local.
import _thread
import sys as _sys
from time import monotonic as _time
from collections import deque as _deque

__all__ = ['get_ident', 'active_count', 'Condition', 'current_thread', 'enumerate', 'main_thread',
           'TIMEOUT_MAX', 'Event', 'Lock', 'RLock', 'Semaphore', 'BoundedSemaphore', 'Thread',
           'Barrier', 'BrokenBarrierError', 'Timer', 'ThreadError', 'ExceptHookArgs',
           'setprofile', 'settrace', 'local', 'stack_size', 'excepthook', 'get_native_id',
           'getprofile', 'gettrace']

_start_new_thread = _thread.start_new_thread
_allocate_lock = _thread.allocate_lock
get_ident = _thread.get_ident
get_native_id = _thread.get_native_id
ThreadError = _thread.error
TIMEOUT_MAX = _thread.TIMEOUT_MAX
stack_size = _thread.stack_size
Lock = _allocate_lock
_CRLock = _thread.RLock

_trace_hook = None
_profile_hook = None


def setprofile(func):
    global _profile_hook
    _profile_hook = func


def getprofile():
    return _profile_hook


def settrace(func):
    global _trace_hook
    _trace_hook = func


def gettrace():
    return _trace_hook


def RLock(*args, **kwargs):
    return _CRLock(*args, **kwargs)


class Condition:
    def __init__(self, lock=None):
        if lock is None:
            lock = RLock()
        self._lock = lock
        self.acquire = lock.acquire
        self.release = lock.release
        if hasattr(lock, '_release_save'):
            self._release_save = lock._release_save
        if hasattr(lock, '_acquire_restore'):
            self._acquire_restore = lock._acquire_restore
        if hasattr(lock, '_is_owned'):
            self._is_owned = lock._is_owned
        self._waiters = _deque()

    def __enter__(self):
        return self._lock.__enter__()

    def __exit__(self, *args):
        return self._lock.__exit__(*args)

    def __repr__(self):
        return "<Condition(%s, %d)>" % (self._lock, len(self._waiters))

    def _release_save(self):
        self._lock.release()

    def _acquire_restore(self, x):
        self._lock.acquire()

    def _is_owned(self):
        if self._lock.acquire(False):
            self._lock.release()
            return False
        return True

    def wait(self, timeout=None):
        if not self._is_owned():
            raise RuntimeError("cannot wait on un-acquired lock")
        waiter = _allocate_lock()
        waiter.acquire()
        self._waiters.append(waiter)
        saved_state = self._release_save()
        gotit = False
        try:
            if timeout is None:
                waiter.acquire()
                gotit = True
            elif timeout > 0:
                gotit = waiter.acquire(True, timeout)
            else:
                gotit = waiter.acquire(False)
            return gotit
        finally:
            self._acquire_restore(saved_state)
            if not gotit:
                try:
                    self._waiters.remove(waiter)
                except ValueError:
                    pass

    def wait_for(self, predicate, timeout=None):
        endtime = None
        waittime = timeout
        result = predicate()
        while not result:
            if waittime is not None:
                if endtime is None:
                    endtime = _time() + waittime
                else:
                    waittime = endtime - _time()
                    if waittime <= 0:
                        break
            self.wait(waittime)
            result = predicate()
        return result

    def notify(self, n=1):
        if not self._is_owned():
            raise RuntimeError("cannot notify on un-acquired lock")
        waiters = self._waiters
        while waiters and n > 0:
            waiter = waiters[0]
            try:
                waiter.release()
            except RuntimeError:
                pass
            else:
                n -= 1
            try:
                waiters.remove(waiter)
            except ValueError:
                pass

    def notify_all(self):
        self.notify(len(self._waiters))

    def notifyAll(self):
        self.notify_all()


class Semaphore:
    def __init__(self, value=1):
        if value < 0:
            raise ValueError("semaphore initial value must be >= 0")
        self._cond = Condition(Lock())
        self._value = value

    def __repr__(self):
        cls = self.__class__
        return (f"<{cls.__module__}.{cls.__qualname__} at {id(self):#x}:"
                f" value={self._value}>")

    def acquire(self, blocking=True, timeout=None):
        if not blocking and timeout is not None:
            raise ValueError("can't specify timeout for non-blocking acquire")
        rc = False
        endtime = None
        with self._cond:
            while self._value == 0:
                if not blocking:
                    break
                if timeout is not None:
                    if endtime is None:
                        endtime = _time() + timeout
                    else:
                        timeout = endtime - _time()
                        if timeout <= 0:
                            break
                self._cond.wait(timeout)
            else:
                self._value -= 1
                rc = True
        return rc

    __enter__ = acquire

    def release(self, n=1):
        if n < 1:
            raise ValueError('n must be one or more')
        with self._cond:
            self._value += n
            for i in range(n):
                self._cond.notify()

    def __exit__(self, t, v, tb):
        self.release()


class BoundedSemaphore(Semaphore):
    def __init__(self, value=1):
        Semaphore.__init__(self, value)
        self._initial_value = value

    def __repr__(self):
        cls = self.__class__
        return (f"<{cls.__module__}.{cls.__qualname__} at {id(self):#x}:"
                f" value={self._value}/{self._initial_value}>")

    def release(self, n=1):
        if n < 1:
            raise ValueError('n must be one or more')
        with self._cond:
            if self._value + n > self._initial_value:
                raise ValueError("Semaphore released too many times")
            self._value += n
            for i in range(n):
                self._cond.notify()


class Event:
    def __init__(self):
        self._cond = Condition(Lock())
        self._flag = False

    def __repr__(self):
        cls = self.__class__
        status = 'set' if self._flag else 'unset'
        return f"<{cls.__module__}.{cls.__qualname__} at {id(self):#x}: {status}>"

    def is_set(self):
        return self._flag

    def isSet(self):
        return self._flag

    def set(self):
        with self._cond:
            self._flag = True
            self._cond.notify_all()

    def clear(self):
        with self._cond:
            self._flag = False

    def wait(self, timeout=None):
        with self._cond:
            signaled = self._flag
            if not signaled:
                signaled = self._cond.wait(timeout)
            return signaled


class BrokenBarrierError(RuntimeError):
    pass


class Barrier:
    def __init__(self, parties, action=None, timeout=None):
        if parties < 1:
            raise ValueError("parties must be > 0")
        self._cond = Condition(Lock())
        self._action = action
        self._timeout = timeout
        self._parties = parties
        self._state = 0   # 0 filling, 1 draining, -1 resetting, -2 broken
        self._count = 0

    def __repr__(self):
        cls = self.__class__
        if self.broken:
            return f"<{cls.__module__}.{cls.__qualname__} at {id(self):#x}: broken>"
        return (f"<{cls.__module__}.{cls.__qualname__} at {id(self):#x}:"
                f" waiters={self.n_waiting}/{self.parties}>")

    def wait(self, timeout=None):
        if timeout is None:
            timeout = self._timeout
        with self._cond:
            self._enter()
            index = self._count
            self._count += 1
            try:
                if index + 1 == self._parties:
                    self._release()
                else:
                    self._wait(timeout)
                return index
            finally:
                self._count -= 1
                self._exit()

    def _enter(self):
        while self._state in (-1, 1):
            self._cond.wait()
        if self._state < 0:
            raise BrokenBarrierError
        assert self._state == 0

    def _release(self):
        try:
            if self._action:
                self._action()
            self._state = 1
            self._cond.notify_all()
        except:
            self._break()
            raise

    def _wait(self, timeout):
        if not self._cond.wait_for(lambda: self._state != 0, timeout):
            self._break()
            raise BrokenBarrierError
        if self._state < 0:
            raise BrokenBarrierError
        assert self._state == 1

    def _exit(self):
        if self._count == 0:
            if self._state in (-1, 1):
                self._state = 0
                self._cond.notify_all()

    def reset(self):
        with self._cond:
            if self._count > 0:
                if self._state == 0:
                    self._state = -1
                elif self._state == -2:
                    self._state = -1
            else:
                self._state = 0
            self._cond.notify_all()

    def abort(self):
        with self._cond:
            self._break()

    def _break(self):
        self._state = -2
        self._cond.notify_all()

    @property
    def parties(self):
        return self._parties

    @property
    def n_waiting(self):
        if self._state == 0:
            return self._count
        return 0

    @property
    def broken(self):
        return self._state == -2


# ---- threads ---------------------------------------------------------------------------------
_counter = 0


def _newname(name_template):
    global _counter
    _counter += 1
    return name_template % _counter


_active = {}      # ident -> Thread, while it runs
_limbo = {}       # started, not running yet
_threading_atexits = []
_SHUTTING_DOWN = False


class _ExceptHookArgs:
    __slots__ = ('exc_type', 'exc_value', 'exc_traceback', 'thread')

    def __init__(self, exc_type, exc_value, exc_traceback, thread):
        self.exc_type = exc_type
        self.exc_value = exc_value
        self.exc_traceback = exc_traceback
        self.thread = thread

    def __repr__(self):
        return ('_thread._ExceptHookArgs(exc_type=%r, exc_value=%r, exc_traceback=%r, thread=%r)'
                % (self.exc_type, self.exc_value, self.exc_traceback, self.thread))


def ExceptHookArgs(args):
    return _ExceptHookArgs(*args)


# The frames of this prelude are shown as CPython 3.11 shows its threading.py, so that a thread's
# traceback reads the same under both.
_CPY_FRAMES = {'_bootstrap_inner': (1038, 'self.run()'),
               'run': (975, 'self._target(*self._args, **self._kwargs)')}


def _format_thread_tb(exc_type, exc_value, exc_tb):
    import traceback
    lines = traceback.format_exception(exc_type, exc_value, exc_tb)
    out = []
    for chunk in lines:
        if chunk.startswith('  File "<prelude threading>"'):
            head = chunk.split('\n', 1)[0]
            name = head.rsplit(' in ', 1)[-1]
            if name in _CPY_FRAMES:
                line, src = _CPY_FRAMES[name]
                out.append('  File "/usr/lib/python3.11/threading.py", line %d, in %s\n    %s\n'
                           % (line, name, src))
            continue
        out.append(chunk)
    return ''.join(out)


def excepthook(args, /):
    if args.exc_type == SystemExit:
        return
    stderr = _sys.stderr
    if args.thread is not None:
        name = args.thread.name
    else:
        name = get_ident()
    print(f"Exception in thread {name}:", file=stderr, flush=True)
    stderr.write(_format_thread_tb(args.exc_type, args.exc_value, args.exc_traceback))
    stderr.flush()


__excepthook__ = excepthook


def _invoke_excepthook(thread):
    exc = _sys.exc_info()
    hook = excepthook
    try:
        if hook is None:
            hook = __excepthook__
        hook(_ExceptHookArgs(exc[0], exc[1], exc[2], thread))
    except Exception as e:
        e.__suppress_context__ = True
        _sys.excepthook(*_sys.exc_info())


class Thread:
    _initialized = False

    def __init__(self, group=None, target=None, name=None, args=(), kwargs=None, *, daemon=None):
        assert group is None, "group argument must be None for now"
        if kwargs is None:
            kwargs = {}
        if name:
            name = str(name)
        else:
            name = _newname("Thread-%d")
            if target is not None:
                try:
                    name += f" ({target.__name__})"
                except AttributeError:
                    pass
        self._target = target
        self._name = name
        self._args = args
        self._kwargs = kwargs
        if daemon is not None:
            self._daemonic = daemon
        else:
            self._daemonic = current_thread().daemon
        self._ident = None
        self._native_id = None
        self._tstate_lock = None
        self._started = Event()
        self._is_stopped = False
        self._initialized = True
        self._stderr = _sys.stderr

    def __repr__(self):
        assert self._initialized, "Thread.__init__() was not called"
        status = "initial"
        if self._started.is_set():
            status = "started"
        self.is_alive()
        if self._is_stopped:
            status = "stopped"
        if self._daemonic:
            status += " daemon"
        if self._ident is not None:
            status += " %s" % self._ident
        return "<%s(%s, %s)>" % (self.__class__.__name__, self._name, status)

    def start(self):
        if not self._initialized:
            raise RuntimeError("thread.__init__() not called")
        if self._started.is_set():
            raise RuntimeError("threads can only be started once")
        _limbo[self] = self
        try:
            _start_new_thread(self._bootstrap, ())
        except Exception:
            del _limbo[self]
            raise
        self._started.wait()

    def run(self):
        try:
            if self._target is not None:
                self._target(*self._args, **self._kwargs)
        finally:
            del self._target, self._args, self._kwargs

    def _bootstrap(self):
        self._bootstrap_inner()

    def _bootstrap_inner(self):
        try:
            self._ident = get_ident()
            self._native_id = get_native_id()
            self._tstate_lock = _allocate_lock()
            self._tstate_lock.acquire()
            self._started.set()
            _active[self._ident] = self
            del _limbo[self]
            try:
                self.run()
            except:
                _invoke_excepthook(self)
        finally:
            _active.pop(self._ident, None)
            _forget_thread(self._ident)
            lock = self._tstate_lock
            if lock is not None and lock.locked():
                lock.release()

    def _stop(self):
        self._is_stopped = True
        self._tstate_lock = None

    def join(self, timeout=None):
        if not self._initialized:
            raise RuntimeError("Thread.__init__() not called")
        if not self._started.is_set():
            raise RuntimeError("cannot join thread before it is started")
        if self is current_thread():
            raise RuntimeError("cannot join current thread")
        if timeout is None:
            self._wait_for_tstate_lock()
        else:
            self._wait_for_tstate_lock(timeout=max(timeout, 0))

    def _wait_for_tstate_lock(self, block=True, timeout=-1):
        lock = self._tstate_lock
        if lock is None:
            return
        if lock.acquire(block, timeout):
            lock.release()
            self._stop()

    @property
    def name(self):
        assert self._initialized, "Thread.__init__() not called"
        return self._name

    @name.setter
    def name(self, name):
        assert self._initialized, "Thread.__init__() not called"
        self._name = str(name)

    @property
    def ident(self):
        assert self._initialized, "Thread.__init__() not called"
        return self._ident

    @property
    def native_id(self):
        assert self._initialized, "Thread.__init__() not called"
        return self._native_id

    def is_alive(self):
        assert self._initialized, "Thread.__init__() not called"
        if self._is_stopped or not self._started.is_set():
            return False
        self._wait_for_tstate_lock(False)
        return not self._is_stopped

    @property
    def daemon(self):
        assert self._initialized, "Thread.__init__() not called"
        return self._daemonic

    @daemon.setter
    def daemon(self, daemonic):
        if not self._initialized:
            raise RuntimeError("Thread.__init__() not called")
        if self._started.is_set():
            raise RuntimeError("cannot set daemon status of active thread")
        self._daemonic = daemonic

    def isDaemon(self):
        import warnings
        warnings.warn('isDaemon() is deprecated, get the daemon attribute instead',
                      DeprecationWarning, stacklevel=2)
        return self.daemon

    def setDaemon(self, daemonic):
        import warnings
        warnings.warn('setDaemon() is deprecated, set the daemon attribute instead',
                      DeprecationWarning, stacklevel=2)
        self.daemon = daemonic

    def getName(self):
        import warnings
        warnings.warn('getName() is deprecated, get the name attribute instead',
                      DeprecationWarning, stacklevel=2)
        return self.name

    def setName(self, name):
        import warnings
        warnings.warn('setName() is deprecated, set the name attribute instead',
                      DeprecationWarning, stacklevel=2)
        self.name = name


class Timer(Thread):
    def __init__(self, interval, function, args=None, kwargs=None):
        Thread.__init__(self)
        self.interval = interval
        self.function = function
        self.args = args if args is not None else []
        self.kwargs = kwargs if kwargs is not None else {}
        self.finished = Event()

    def cancel(self):
        self.finished.set()

    def run(self):
        self.finished.wait(self.interval)
        if not self.finished.is_set():
            self.function(*self.args, **self.kwargs)
        self.finished.set()


class _MainThread(Thread):
    def __init__(self):
        Thread.__init__(self, name="MainThread", daemon=False)
        self._started.set()
        self._ident = get_ident()
        self._native_id = get_native_id()
        _active[self._ident] = self

    def is_alive(self):
        return not self._is_stopped


class _DummyThread(Thread):
    def __init__(self):
        Thread.__init__(self, name=_newname("Dummy-%d"), daemon=True)
        self._started.set()
        self._ident = get_ident()
        self._native_id = get_native_id()
        _active[self._ident] = self

    def is_alive(self):
        return not self._is_stopped and self._ident in _active

    def join(self, timeout=None):
        assert False, "cannot join a dummy thread"


def current_thread():
    try:
        return _active[get_ident()]
    except KeyError:
        return _DummyThread()


def currentThread():
    return current_thread()


def active_count():
    return len(_active) + len(_limbo)


def activeCount():
    return active_count()


def enumerate():
    return list(_active.values()) + list(_limbo.values())


def main_thread():
    return _main_thread


_main_thread = None


# threading.local: one attribute dict per thread. The instance's own __dict__ holds only the
# table of those dicts, so every other attribute misses it and comes through __getattr__ (Sable
# has no __getattribute__ hook); a class attribute of the same name therefore wins over a
# per-thread value, unlike CPython.
class local:
    def __new__(cls, *args, **kw):
        if (args or kw) and (cls.__init__ is object.__init__):
            raise TypeError("Initialization arguments are not supported")
        self = object.__new__(cls)
        object.__setattr__(self, '_local__dicts', {get_ident(): {}})
        object.__setattr__(self, '_local__args', (args, kw))
        _all_locals().add(self)
        return self

    def __getattr__(self, name):
        d = _local_dict(self)
        if name in d:
            return d[name]
        raise AttributeError("'%s' object has no attribute '%s'"
                             % (self.__class__.__name__, name))

    def __setattr__(self, name, value):
        if name == '__dict__':
            raise AttributeError("%r object attribute '__dict__' is read-only"
                                 % self.__class__.__name__)
        _local_dict(self)[name] = value

    def __delattr__(self, name):
        if name == '__dict__':
            raise AttributeError("%r object attribute '__dict__' is read-only"
                                 % self.__class__.__name__)
        d = _local_dict(self)
        if name not in d:
            raise AttributeError("'%s' object has no attribute '%s'"
                                 % (self.__class__.__name__, name))
        del d[name]


_locals = None


def _all_locals():
    # every live local, so a thread that ends drops its attributes from each
    global _locals
    if _locals is None:
        import weakref
        _locals = weakref.WeakSet()
    return _locals


def _forget_thread(ident):
    if _locals is not None:
        for loc in list(_locals):
            loc._local__dicts.pop(ident, None)


def _local_dict(self):
    dicts = self._local__dicts
    key = get_ident()
    d = dicts.get(key)
    if d is None:
        d = {}
        dicts[key] = d
        cls = type(self)
        if cls.__init__ is not object.__init__:
            args, kw = self._local__args
            cls.__init__(self, *args, **kw)
    return d


def _register_atexit(func, *arg, **kwargs):
    if _SHUTTING_DOWN:
        raise RuntimeError("can't register atexit after shutdown")
    _threading_atexits.append(lambda: func(*arg, **kwargs))


def _shutdown():
    # core/sb.c calls this when a program ends: wait for the threads that are not daemons
    global _SHUTTING_DOWN
    if _main_thread._is_stopped:
        return
    _SHUTTING_DOWN = True
    for atexit_call in reversed(_threading_atexits):
        atexit_call()
    while True:
        pending = [t for t in enumerate()
                   if t is not _main_thread and not t._daemonic and t.is_alive()
                   and not isinstance(t, _DummyThread)]
        if not pending:
            break
        for t in pending:
            t.join()


_main_thread = _MainThread()
