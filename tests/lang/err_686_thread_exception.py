# an exception a thread does not handle: CPython's "Exception in thread ..." report on stderr, the
# program goes on (the other threads and the main thread), then the main thread fails too
import threading


def parse(text):
    return int(text)


def worker(text):
    print("parsed", parse(text))


ok = threading.Thread(target=worker, args=("12",))
ok.start()
ok.join()
bad = threading.Thread(target=worker, args=("x1",))
bad.start()
bad.join()
print("main goes on", bad.is_alive())


class Job(threading.Thread):
    def run(self):
        raise KeyError("in run")


j = Job(name="job")
j.start()
j.join()
print("after job")
raise SystemExit("main fails: " + str(threading.active_count()))
