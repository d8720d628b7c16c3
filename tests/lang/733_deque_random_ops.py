# random operation sequences on deques (bounded and not) checked step by step against a list
# model, so the ring buffer's wrap-around, growth and shrinking are all crossed
import random
from collections import deque

def model_push(l, x, left, maxlen):
    if left:
        l.insert(0, x)
        if maxlen is not None and len(l) > maxlen:
            l.pop()
    else:
        l.append(x)
        if maxlen is not None and len(l) > maxlen:
            l.pop(0)

def run(seed, maxlen, steps):
    rnd = random.Random(seed)
    d = deque(maxlen=maxlen)
    l = []
    bad = 0
    for step in range(steps):
        op = rnd.randrange(14)
        if step == steps // 2:
            mid = (len(d), sum(d), list(d)[-3:])
        if step > steps // 2 and rnd.random() < 0.6:
            op = 5 + rnd.randrange(2)   # drain: the buffer shrinks back
        n = len(l)
        if op <= 2:
            x = rnd.randrange(1000)
            d.append(x); model_push(l, x, False, maxlen)
        elif op <= 4:
            x = rnd.randrange(1000)
            d.appendleft(x); model_push(l, x, True, maxlen)
        elif op == 5 and n:
            bad += d.pop() != l.pop()
        elif op == 6 and n:
            bad += d.popleft() != l.pop(0)
        elif op == 7:
            k = rnd.randrange(-n - 3, n + 4)
            d.rotate(k)
            if n:
                k %= n
                l[:] = l[n - k:] + l[:n - k]
        elif op == 8 and n:
            i = rnd.randrange(-n, n)
            del d[i]; del l[i]
        elif op == 9 and (maxlen is None or n < maxlen):
            i = rnd.randrange(-n - 2, n + 3)
            x = rnd.randrange(1000)
            d.insert(i, x); l.insert(i, x)
        elif op == 10 and n:
            i = rnd.randrange(-n, n)
            x = rnd.randrange(1000)
            d[i] = x; l[i] = x
            bad += d[i] != l[i]
        elif op == 11:
            xs = [rnd.randrange(1000) for _ in range(rnd.randrange(0, 40))]
            left = rnd.random() < 0.5
            (d.extendleft if left else d.extend)(xs)
            for x in xs:
                model_push(l, x, left, maxlen)
        elif op == 12 and n:
            x = l[rnd.randrange(n)]
            bad += d.index(x) != l.index(x)
            bad += d.count(x) != l.count(x)
            d.remove(x); l.remove(x)
        elif op == 13 and rnd.random() < 0.05:
            d.reverse(); l.reverse()
        if step % 50 == 0:
            bad += list(d) != l
            bad += list(reversed(d)) != l[::-1]
        if rnd.random() < 0.002:
            d.clear(); l.clear()
    return bad, mid, len(d), list(d) == l, sum(d), list(d)[:5]

for seed in range(6):
    for maxlen in (None, 0, 1, 7, 64, 300):
        print(seed, maxlen, run(seed, maxlen, 3000))

# growth to many items and draining back from either end
d = deque()
for i in range(50000):
    d.append(i)
    if i % 3 == 0:
        d.appendleft(-i)
print(len(d), d[0], d[-1], d[len(d) // 2])
s = 0
while len(d) > 10:
    s += d.popleft() + d.pop()
print(s, list(d))
