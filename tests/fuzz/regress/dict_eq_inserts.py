# Found by tests/suites/fuzz_callbacks.py: a dict lookup restarted after every insertion made by
# a key's __eq__, so an __eq__ that always inserts looped forever (CPython restarts only when
# the table itself moved), and the OrderedDict case ended in a bogus UnboundLocalError.
import collections


class E:
    def __init__(self, v):
        self.v = v

    def __eq__(self, o):
        hit()
        return self.v == getattr(o, "v", o)

    def __hash__(self):
        hit()
        return hash(self.v)


class S:
    n = 0
    busy = False
    d = None


def hit():
    if S.busy or S.d is None:
        return
    S.n += 1
    if S.n < 2:
        return
    S.busy = True
    try:
        S.d[E(1000 + S.n)] = 1
    finally:
        S.busy = False


for make in (dict, collections.OrderedDict):
    for n in (3, 5, 20):
        S.n, S.d = 0, None
        d = make((E(i), i) for i in range(n))
        S.d = d
        try:
            d[E(1)] = 7
            r = d[E(1)], E(2) in d, d.get(E(0))
            if make is collections.OrderedDict:
                d.move_to_end(E(1))
            S.d = None
            print(make.__name__, n, r)   # how many keys the callbacks added is CPython's detail
        except Exception as e:
            S.d = None
            print(make.__name__, n, type(e).__name__)


# one mutation from inside a lookup of a small (index-less) dict that makes it grow an index:
# the lookup used to start again inside the small form forever
class Once:
    act = None
    n = 0


class F:
    def __init__(self, v):
        self.v = v

    def __eq__(self, o):
        Once.n += 1
        if Once.act and Once.n >= 2:
            act, Once.act = Once.act, None
            act()
        return self.v == getattr(o, "v", o)

    def __hash__(self):
        return hash(self.v)


for name, act in [("move_to_end", lambda t: t.move_to_end(next(iter(t)))),
                  ("update", lambda t: t.update({F(2000 + i): i for i in range(80)})),
                  ("clear", lambda t: t.clear())]:
    for n in (5, 8):
        t = collections.OrderedDict((F(i), F(i)) for i in range(n))
        t2 = collections.OrderedDict((F(i), F(i)) for i in range(8))
        Once.n, Once.act = 0, (lambda t=t, act=act: act(t))
        try:
            r = t[F(1)].v, len(t2)
            t.update(t2)
            print(name, n, "ok", r)
        except Exception as e:
            print(name, n, type(e).__name__)
