# with statements on classes with __enter__/__exit__: order, the as-value, exceptions
class Tag:
    def __init__(self, name):
        self.name = name
    def __enter__(self):
        print(f"<{self.name}>")
        return self
    def __exit__(self, exc_type, exc, tb):
        print(f"</{self.name}>", exc_type.__name__ if exc_type else None)
        return False
with Tag("a") as t:
    print("inside", t.name)
with Tag("outer"):
    with Tag("inner"):
        print("nested body")
with Tag("x"), Tag("y") as y:
    print("two managers, y =", y.name)
try:
    with Tag("failing"):
        raise ValueError("boom")
except ValueError as e:
    print("propagated:", e)
class Suppress:
    def __init__(self, *types):
        self.types = types
    def __enter__(self):
        return None
    def __exit__(self, exc_type, exc, tb):
        if exc_type is not None and issubclass(exc_type, self.types):
            print("suppressed", exc_type.__name__, exc)
            return True
        return False
with Suppress(KeyError, IndexError) as nothing:
    print("as-value is", nothing)
    {}["missing"]
    print("not reached")
print("after suppress")
try:
    with Suppress(KeyError):
        1 / 0
except ZeroDivisionError:
    print("not suppressed: ZeroDivisionError")
def use_in_function():
    with Tag("fn"):
        return "returned from inside with"
print(use_in_function())
for i in range(3):
    with Tag(f"loop{i}"):
        if i == 1:
            continue
        if i == 2:
            break
        print("body", i)
class Timer:
    def __enter__(self):
        self.entered = True
        return self
    def __exit__(self, *args):
        self.exited = True
with Timer() as tm:
    pass
print(tm.entered, tm.exited)
class Resource:
    log = []
    def __init__(self, n):
        self.n = n
    def __enter__(self):
        Resource.log.append(f"open {self.n}")
        return self.n * 10
    def __exit__(self, t, v, tb):
        Resource.log.append(f"close {self.n}")
with Resource(1) as r1, Resource(2) as r2:
    Resource.log.append(f"use {r1 + r2}")
print(Resource.log)
