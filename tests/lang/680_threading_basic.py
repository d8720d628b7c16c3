# threading.Thread: targets with args/kwargs, names, subclasses overriding run, start twice,
# join with a timeout, is_alive, idents, current_thread/main_thread/enumerate/active_count
import threading
import _thread
import time

results = {}
lock = threading.Lock()


def work(key, value, scale=1):
    with lock:
        results[key] = value * scale


threads = [threading.Thread(target=work, args=(i, i + 1), kwargs={"scale": 10}) for i in range(3)]
print([t.name for t in threads])
print([t.is_alive() for t in threads], threads[0].ident, threads[0].native_id)
print(repr(threads[0]))
for t in threads:
    t.start()
for t in threads:
    t.join()
print(sorted(results.items()))
print([t.is_alive() for t in threads], all(isinstance(t.ident, int) for t in threads))
print(all(t.ident != threading.get_ident() for t in threads), all(t.native_id is not None for t in threads))
print(repr(threads[0]).startswith("<Thread(Thread-1 (work), stopped "))

try:
    threads[0].start()
except RuntimeError as e:
    print("RuntimeError:", e)

named = threading.Thread(target=work, args=("n", 2), name="loader")
print(named.name, named.daemon)
named.start()
named.join()
print(results["n"])


class Counter(threading.Thread):
    def __init__(self, n):
        super().__init__(name="counter-%d" % n)
        self.n = n
        self.total = 0

    def run(self):
        for i in range(self.n):
            self.total += i
        self.seen = threading.current_thread() is self


c = Counter(100)
c.start()
c.join()
print(c.name, c.total, c.seen)

main = threading.current_thread()
print(main.name, main is threading.main_thread(), main.ident == threading.get_ident())
print(threading.get_ident() == _thread.get_ident(), isinstance(threading.get_native_id(), int))
print(threading.active_count(), [t.name for t in threading.enumerate()])

gate = threading.Event()
inside = []


def waits():
    inside.append(threading.current_thread().name)
    gate.wait()


w = threading.Thread(target=waits, name="waiter", daemon=True)
w.start()
print(w.daemon, w.is_alive(), inside)
print(threading.active_count(), sorted(t.name for t in threading.enumerate()))
t0 = time.monotonic()
w.join(timeout=0.05)
print("join timed out:", w.is_alive(), time.monotonic() - t0 >= 0.04)
try:
    w.daemon = False
except RuntimeError as e:
    print("RuntimeError:", e)
gate.set()
w.join()
print(w.is_alive(), threading.active_count())

try:
    threading.Thread(target=work).join()
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    threading.current_thread().join()
except RuntimeError as e:
    print("RuntimeError:", e)

# a thread started from a thread, and a thread that returns a value nobody sees
order = []


def outer():
    order.append("outer")
    inner = threading.Thread(target=lambda: order.append("inner"))
    inner.start()
    inner.join()
    order.append("outer done")


o = threading.Thread(target=outer)
o.start()
o.join()
print(order)

# _thread directly
done = _thread.allocate_lock()
done.acquire()
box = []


def raw(a, b=0):
    box.append(a + b)
    done.release()


_thread.start_new_thread(raw, (1,), {"b": 2})
done.acquire()
print(box, type(done).__name__, _thread.LockType is type(done), _thread.error is RuntimeError)
print(threading.TIMEOUT_MAX == _thread.TIMEOUT_MAX, threading.TIMEOUT_MAX > 1e6)
threading.settrace(None)
threading.setprofile(None)
print(threading.gettrace(), threading.getprofile())
