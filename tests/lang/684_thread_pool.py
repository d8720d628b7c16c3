# concurrent.futures.ThreadPoolExecutor: map over a data-loading function (results in input order
# while the loads overlap), submit/result/exception, as_completed, wait, callbacks, shutdown, with
import concurrent.futures as cf
import threading
import time

DATA = {"a.csv": "1,2,3", "b.csv": "4,5", "c.csv": "6", "d.csv": "7,8,9,10"}


def load(name):
    time.sleep(0.05)    # stands in for I/O
    return name, [int(x) for x in DATA[name].split(",")]


t0 = time.monotonic()
with cf.ThreadPoolExecutor(max_workers=4) as ex:
    loaded = list(ex.map(load, sorted(DATA)))
print(loaded)
print("overlapped:", time.monotonic() - t0 < 0.15)

with cf.ThreadPoolExecutor(max_workers=2, thread_name_prefix="loader") as ex:
    fut = ex.submit(sum, [1, 2, 3])
    print(fut.result(), fut.done(), fut.cancelled(), fut.exception())
    bad = ex.submit(int, "x")
    print(type(bad.exception()).__name__, bad.done())
    try:
        bad.result()
    except ValueError as e:
        print("ValueError:", e)
    names = ex.submit(lambda: threading.current_thread().name).result()
    print(names.startswith("loader_"))
    fs = {ex.submit(lambda n=n: (time.sleep(0.01 * n), n)[1]): n for n in (3, 1, 2)}
    print(sorted(f.result() for f in cf.as_completed(fs)))
    done, not_done = cf.wait(fs, return_when=cf.ALL_COMPLETED)
    print(len(done), len(not_done))
    calls = []
    f = ex.submit(pow, 2, 10)
    f.add_done_callback(lambda f: calls.append(("cb", f.result())))
    f.result()
    time.sleep(0.01)
    f.add_done_callback(lambda f: calls.append(("late", f.result())))
    print(calls)

slow = cf.ThreadPoolExecutor(max_workers=1)
blocker = slow.submit(time.sleep, 0.05)
queued = slow.submit(print, "never")
print("cancel queued:", queued.cancel(), queued.cancelled(), blocker.cancel())
try:
    blocker.result(timeout=0.001)
except cf.TimeoutError:
    print("TimeoutError")
first = cf.wait([blocker], timeout=5, return_when=cf.FIRST_COMPLETED)
print(len(first.done))
slow.shutdown()
try:
    slow.submit(print, "x")
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    queued.result()
except cf.CancelledError:
    print("CancelledError")

# results of map come back in input order even when later items finish first
with cf.ThreadPoolExecutor(3) as ex:
    print(list(ex.map(lambda d: (time.sleep(d), d)[1], [0.03, 0.01, 0.02])))
    print(list(ex.map(pow, [2, 3, 4], [5, 2, 1])))

f = cf.Future()
print(f.done(), f.running())
f.set_result(42)
print(f.result(), repr(f).endswith("state=finished returned int>"))
