# threads: sleeps overlap, threading.local, generators/exceptions/with/tracebacks inside threads,
# sys.getswitchinterval/setswitchinterval, _thread's functions, an exception left to excepthook
import sys
import threading
import time
import traceback
import _thread

# 4 threads sleeping 0.2 s each finish together
t0 = time.monotonic()
ts = [threading.Thread(target=time.sleep, args=(0.2,)) for _ in range(4)]
for t in ts:
    t.start()
for t in ts:
    t.join()
print("sleeps overlap:", time.monotonic() - t0 < 0.5)

# threading.local: each thread sees its own attributes; a subclass's __init__ runs per thread
data = threading.local()
data.x = "main"


class Ctx(threading.local):
    def __init__(self, level=0):
        self.level = level
        self.inits = getattr(self, "inits", 0) + 1


ctx = Ctx(level=7)
seen = {}


def show(name):
    try:
        data.x
    except AttributeError as e:
        seen[name + " before"] = "AttributeError"
    data.x = name
    ctx.level += 1
    time.sleep(0.01)
    seen[name] = (data.x, ctx.level, hasattr(data, "y"))


data.y = 1
ts = [threading.Thread(target=show, args=("t%d" % i,)) for i in range(3)]
for t in ts:
    t.start()
for t in ts:
    t.join()
print(sorted(seen.items()))
print(data.x, ctx.level, data.y)
del data.y
print(hasattr(data, "y"))

# generators, try/finally, with and exceptions inside threads keep their own state
log = []


def gen(tag):
    try:
        for i in range(3):
            yield tag + str(i)
            time.sleep(0.001)
    finally:
        log.append(tag + " closed")


class Ctxm:
    def __init__(self, tag):
        self.tag = tag

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        log.append(self.tag + " exit " + (exc[0].__name__ if exc[0] else "ok"))
        return True


def body(tag):
    out = []
    for x in gen(tag):
        out.append(x)
    with Ctxm(tag):
        time.sleep(0.002)
        raise KeyError(tag)
    try:
        try:
            time.sleep(0.001)
            1 / 0
        except ZeroDivisionError:
            time.sleep(0.001)
            raise ValueError("wrapped " + tag)
    except ValueError as e:
        out.append((str(e), type(e.__context__).__name__, sys.exc_info()[0].__name__))
    try:
        raise RuntimeError("tb " + tag)
    except RuntimeError:
        tb = traceback.format_exc().splitlines()
        out.append((tb[0], tb[-1], "in body" in "".join(tb)))
    results[tag] = out


results = {}
ts = [threading.Thread(target=body, args=(tag,)) for tag in "ab"]
for t in ts:
    t.start()
for t in ts:
    t.join()
for k in sorted(results):
    print(k, results[k])
print(sorted(log))
print(sys.exc_info())

# deep recursion in a thread has the usual limit
def depth(n):
    return depth(n + 1) if n < 500 else n


rec = []
t = threading.Thread(target=lambda: rec.append(depth(0)))
t.start()
t.join()
print(rec)

print(sys.getswitchinterval())
sys.setswitchinterval(0.001)
print(sys.getswitchinterval())
try:
    sys.setswitchinterval(0)
except ValueError as e:
    print("ValueError:", e)
sys.setswitchinterval(0.005)

print(_thread._count(), threading.active_count())
lk = _thread.allocate_lock()
print(lk.acquire_lock(), lk.locked_lock(), lk.release_lock(), lk.locked())

# an exception a thread does not handle goes to threading.excepthook
caught = []


def hook(args):
    caught.append((args.exc_type.__name__, str(args.exc_value), args.thread.name))


threading.excepthook = hook
t = threading.Thread(target=lambda: {}["missing"], name="fails")
t.start()
t.join()
threading.excepthook = threading.__excepthook__
print(caught)
print("end")
