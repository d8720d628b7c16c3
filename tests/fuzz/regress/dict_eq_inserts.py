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
