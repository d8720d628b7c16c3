# queue.Queue across threads: producers and consumers block in put/get (a bounded queue), task_done
# and join, get/put timeouts, PriorityQueue/LifoQueue/SimpleQueue handing work between threads
import queue
import threading
import time

q = queue.Queue(maxsize=3)
consumed = []
mu = threading.Lock()


def producer(base):
    for i in range(5):
        q.put(base + i)


def consumer():
    while True:
        item = q.get()
        if item is None:
            q.task_done()
            break
        with mu:
            consumed.append(item)
        q.task_done()


producers = [threading.Thread(target=producer, args=(100 * k,)) for k in range(3)]
consumers = [threading.Thread(target=consumer) for _ in range(2)]
for t in consumers + producers:
    t.start()
for t in producers:
    t.join()
q.join()
print("all done:", len(consumed), sorted(consumed) == sorted(100 * k + i for k in range(3) for i in range(5)))
for _ in consumers:
    q.put(None)
for t in consumers:
    t.join()
print(q.empty(), q.qsize(), q.unfinished_tasks)

# the order one producer's items arrive in is kept
fifo = queue.Queue()
seen = []


def reader():
    for _ in range(5):
        seen.append(fifo.get())


r = threading.Thread(target=reader)
r.start()
for i in range(5):
    fifo.put(i)
    time.sleep(0.002)
r.join()
print("fifo:", seen)

# timeouts
t0 = time.monotonic()
try:
    queue.Queue().get(timeout=0.03)
except queue.Empty:
    print("Empty after", time.monotonic() - t0 >= 0.025)
full = queue.Queue(1)
full.put("x")
try:
    full.put("y", timeout=0.02)
except queue.Full:
    print("Full")
try:
    full.put_nowait("y")
except queue.Full:
    print("Full nowait")

# a get with a timeout that another thread satisfies in time
later = queue.Queue()
threading.Timer(0.01, later.put, args=["late item"]).start()
print(later.get(timeout=5))

# a put blocked on a full queue resumes when a consumer takes an item
bounded = queue.Queue(1)
bounded.put(1)
order = []


def blocked_put():
    bounded.put(2)
    order.append("put done")


t = threading.Thread(target=blocked_put)
t.start()
time.sleep(0.01)
order.append("taking")
order.append(bounded.get())
t.join()
order.append(bounded.get())
print(order)

pq = queue.PriorityQueue()
sq = queue.SimpleQueue()


def feed():
    for x in [5, 1, 4]:
        pq.put(x)
    sq.put("simple")


t = threading.Thread(target=feed)
t.start()
print(sq.get(timeout=5))
t.join()
print([pq.get() for _ in range(3)])
try:
    sq.get(timeout=0.01)
except queue.Empty:
    print("SimpleQueue empty")
try:
    q.task_done()
except ValueError as e:
    print("ValueError:", e)
