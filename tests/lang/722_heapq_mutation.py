# heapq: results on plain data, and the RuntimeError when a comparison changes the heap's size
import heapq, random

rng = random.Random(5)
for n in (0, 1, 2, 7, 30):
    xs = [rng.randrange(50) for _ in range(n)]
    h = list(xs)
    heapq.heapify(h)
    print(h, [heapq.heappop(list(h)) for _ in range(1)] if h else None)
    h2 = []
    for x in xs:
        heapq.heappush(h2, x)
    print(h2, [heapq.heappop(h2) for _ in range(len(h2))])
    h3 = list(xs)
    heapq.heapify(h3)
    print(heapq.heappushpop(h3, 25), heapq.heapreplace(h3, 3) if h3 else None, h3)

class M:
    act = None
    calls = 0
    def __init__(self, v):
        self.v = v
    def __lt__(self, o):
        M.calls += 1
        if M.act and M.calls == M.when:
            f, M.act = M.act, None
            f()
        return self.v < o.v
    def __repr__(self):
        return 'M%d' % self.v

def run(name, op, act, when):
    h = [M(v) for v in (5, 3, 8, 1, 9, 2, 7, 4)]
    M.calls = 0
    M.when = when
    M.act = lambda: act(h)
    try:
        r = op(h)
        print(name, when, 'ok', r, h)
    except Exception as e:
        print(name, when, type(e).__name__, e, h)
    M.act = None

ops = [('heapify', heapq.heapify), ('push', lambda h: heapq.heappush(h, M(0))), ('pop', heapq.heappop),
       ('pushpop', lambda h: heapq.heappushpop(h, M(6))), ('replace', lambda h: heapq.heapreplace(h, M(6)))]
acts = [('append', lambda h: h.append(M(11))), ('clear', lambda h: h.clear()), ('pop', lambda h: h.pop()),
        ('setitem', lambda h: h.__setitem__(0, M(20))), ('reverse', lambda h: h.reverse())]
for on, o in ops:
    for an, a in acts:
        for when in (1, 2, 4):
            run(on + '/' + an, o, a, when)
try:
    heapq.heappop([])
except IndexError as e:
    print('IndexError', e)
