# Lock and RLock: acquire(blocking, timeout), release errors, locked(), with; a counter protected by
# a lock across 4 threads x 10000 increments; threads that never block are preempted
import threading
import time

lk = threading.Lock()
print(lk.locked(), lk.acquire(), lk.locked())
print(lk.acquire(blocking=False), lk.acquire(timeout=0.02))
lk.release()
print(lk.locked())
try:
    lk.release()
except RuntimeError as e:
    print("RuntimeError:", e)
for bad in [dict(blocking=False, timeout=1), dict(timeout=-2)]:
    try:
        lk.acquire(**bad)
    except ValueError as e:
        print("ValueError:", e)
try:
    lk.acquire(timeout=threading.TIMEOUT_MAX * 2)
except OverflowError as e:
    print("OverflowError:", e)
with lk:
    print("in with", lk.locked())
print("after with", lk.locked())
try:
    with lk:
        raise KeyError("x")
except KeyError:
    print("released on error", lk.locked())

rl = threading.RLock()
print(rl.acquire(), rl.acquire(), rl.acquire(blocking=False))
rl.release()
rl.release()
rl.release()
try:
    rl.release()
except RuntimeError as e:
    print("RuntimeError:", e)
with rl:
    with rl:
        print("nested with")

# another thread cannot take a held RLock, nor release it
rl.acquire()
seen = []


def other():
    seen.append(rl.acquire(timeout=0.02))
    try:
        rl.release()
    except RuntimeError as e:
        seen.append(str(e))


t = threading.Thread(target=other)
t.start()
t.join()
rl.release()
print(seen)

# a lock released by another thread than the one that took it (allowed for Lock)
lk.acquire()
t = threading.Thread(target=lk.release)
t.start()
t.join()
print("released elsewhere:", lk.locked())

# the timeout path: the holder keeps the lock longer than the waiter waits
hold = threading.Lock()
hold.acquire()
res = []


def waiter():
    t0 = time.monotonic()
    got = hold.acquire(timeout=0.05)
    res.append((got, time.monotonic() - t0 >= 0.04))


w = threading.Thread(target=waiter)
w.start()
w.join()
hold.release()
print("timeout path:", res)

# the counter: 4 threads x 10000 increments; each step computes a little, so every thread runs
# long enough to be preempted by the switch interval
counter = 0
counter_lock = threading.Lock()
ran = set()
trail = []


def increment(k):
    global counter
    ran.add(k)
    for i in range(10000):
        sum(range(40))
        with counter_lock:
            counter += 1
            if not trail or trail[-1] != k:
                trail.append(k)


threads = [threading.Thread(target=increment, args=(k,)) for k in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(counter, sorted(ran), len(trail) >= 4)

# two threads that never block both make progress while the main thread sleeps: only preemption
# at the switch interval lets the second one (and the main thread) run
stop = False
spins = [0, 0]


def spin(k):
    while not stop:
        spins[k] += 1


spinners = [threading.Thread(target=spin, args=(k,)) for k in range(2)]
for t in spinners:
    t.start()
time.sleep(0.05)
stop = True
for t in spinners:
    t.join()
print("both spun:", spins[0] > 0, spins[1] > 0)
