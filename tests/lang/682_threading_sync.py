# Condition (wait/wait_for/notify/notify_all), Semaphore, BoundedSemaphore, Event, Barrier with
# BrokenBarrierError, Timer and cancel: orderings fixed by the primitives themselves
import threading
import time

# Condition: a consumer waits for items a producer notifies about
cond = threading.Condition()
items = []
got = []


def consumer():
    with cond:
        for _ in range(3):
            cond.wait_for(lambda: items)
            got.append(items.pop(0))


c = threading.Thread(target=consumer)
c.start()
for i in range(3):
    with cond:
        items.append(i)
        cond.notify()
    time.sleep(0.01)
c.join()
print("condition:", got)

try:
    cond.wait()
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    cond.notify()
except RuntimeError as e:
    print("RuntimeError:", e)
with cond:
    t0 = time.monotonic()
    print("wait timeout:", cond.wait(0.02), cond.wait_for(lambda: False, timeout=0.02),
          time.monotonic() - t0 >= 0.03)

# notify_all wakes every waiter; a Condition over a plain Lock
cv = threading.Condition(threading.Lock())
ready = False
woke = []


def sleeper(k):
    with cv:
        while not ready:
            cv.wait()
        woke.append(k)


ts = [threading.Thread(target=sleeper, args=(k,)) for k in range(4)]
for t in ts:
    t.start()
time.sleep(0.02)
with cv:
    ready = True
    cv.notify_all()
for t in ts:
    t.join()
print("notify_all:", sorted(woke), repr(cv).startswith("<Condition(<unlocked _thread.lock"))

# Semaphore: at most 2 workers inside at once
sem = threading.Semaphore(2)
inside = 0
peak = 0
mu = threading.Lock()


def limited():
    global inside, peak
    with sem:
        with mu:
            inside += 1
            peak = max(peak, inside)
        time.sleep(0.01)
        with mu:
            inside -= 1


ts = [threading.Thread(target=limited) for _ in range(6)]
for t in ts:
    t.start()
for t in ts:
    t.join()
print("semaphore peak:", peak)
s0 = threading.Semaphore(0)
print(s0.acquire(blocking=False), s0.acquire(timeout=0.01))
s0.release(2)
print(s0.acquire(), s0.acquire(), s0.acquire(False))
try:
    threading.Semaphore(-1)
except ValueError as e:
    print("ValueError:", e)
bs = threading.BoundedSemaphore(1)
bs.acquire()
bs.release()
try:
    bs.release()
except ValueError as e:
    print("ValueError:", e)

# Event
ev = threading.Event()
print(ev.is_set(), ev.wait(0.01))
flags = []


def setter():
    time.sleep(0.01)
    ev.set()


threading.Thread(target=setter).start()
print("event:", ev.wait(), ev.is_set())
ev.clear()
print(ev.is_set())

# Barrier: every party gets a distinct index; the action runs once per round
actions = []
b = threading.Barrier(3, action=lambda: actions.append("round"))
indices = []


def party():
    for _ in range(2):
        i = b.wait()
        with mu:
            indices.append(i)


ts = [threading.Thread(target=party) for _ in range(3)]
for t in ts:
    t.start()
for t in ts:
    t.join()
print("barrier:", sorted(indices), actions, b.parties, b.n_waiting, b.broken)

# a barrier that times out is broken for everyone waiting on it
b2 = threading.Barrier(3, timeout=0.03)
errors = []


def late():
    try:
        b2.wait()
    except threading.BrokenBarrierError:
        errors.append("broken")


ts = [threading.Thread(target=late) for _ in range(2)]
for t in ts:
    t.start()
for t in ts:
    t.join()
print("timeout:", errors, b2.broken, issubclass(threading.BrokenBarrierError, RuntimeError))
try:
    b2.wait()
except threading.BrokenBarrierError:
    print("still broken")
b2.reset()
print(b2.broken)
b3 = threading.Barrier(2)
out = []


def aborted():
    try:
        b3.wait()
    except threading.BrokenBarrierError:
        out.append("aborted")


t = threading.Thread(target=aborted)
t.start()
time.sleep(0.01)
b3.abort()
t.join()
print(out)

# Timer: fires after its interval, or never once cancelled
fired = []
tm = threading.Timer(0.02, fired.append, args=["fired"])
tm.start()
tm.join()
tc = threading.Timer(10, fired.append, args=["cancelled"])
tc.start()
tc.cancel()
tc.join()
print("timer:", fired, tm.name.startswith("Thread-"))
