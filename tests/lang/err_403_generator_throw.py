# an exception thrown in with throw() that the generator does not handle


def worker():
    while True:
        job = yield
        print("job", job)


w = worker()
next(w)
w.send("a")
w.throw(ValueError("cancelled"))
