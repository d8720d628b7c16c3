# __eq__ callbacks that pop from or clear a set during a binary set operation.
S = set()
T = set()
ARMED = [None]

class K:
    def __init__(self, n): self.n = n
    def __hash__(self): return 1
    def __eq__(self, o):
        target = ARMED[0]
        if target: target.pop()
        return False
    def __repr__(self): return 'K%d' % self.n

def refill():
    S.clear(); T.clear()
    for i in range(5): S.add(K(i))
    for i in range(5): T.add(K(i + 10))

def attempt(label, target, fn):
    refill()
    ARMED[0] = target
    try:
        r = fn()
        ARMED[0] = None
        print(label, len(r) if not isinstance(r, bool) else r, len(S), len(T))
    except (RuntimeError, KeyError) as e:
        ARMED[0] = None
        print(label, type(e).__name__, e)

for name, target in (('S', S), ('T', T)):
    attempt('and-' + name, target, lambda: S & T)
    attempt('rand-' + name, target, lambda: T & S)
    attempt('sub-' + name, target, lambda: S - T)
    attempt('xor-' + name, target, lambda: S ^ T)
    attempt('or-' + name, target, lambda: S | T)
    attempt('le-' + name, target, lambda: S <= T)
    attempt('eq-' + name, target, lambda: S == T)
    attempt('isdisjoint-' + name, target, lambda: S.isdisjoint(T))
    attempt('intersection-' + name, target, lambda: S.intersection(list(T)))
    attempt('in-' + name, target, lambda: K(99) in S)

# clearing (not popping) while iterating a set
class C:
    def __hash__(self): return 3
    def __eq__(self, o):
        S.clear()
        return False
S.clear()
S.add(C()); S.add(C())
print(len(S))
U = {C()}
try:
    print(len(U & S), len(S))
except RuntimeError as e:
    print('RuntimeError', e)
