# OrderedDict order operations at scale against CPython: a deterministic mix of inserts,
# deletes, move_to_end both ways, popitem both ways, setdefault and pop (a plain LCG picks them),
# with the order checked as it goes; draining from either end; plain dict popitem after deletes
import collections
OD = collections.OrderedDict

seed = 12345
def rnd(n):
    global seed
    seed = (seed * 1103515245 + 12345) % 2147483648
    return (seed >> 8) % n

d = OD()
log = []
for step in range(6000):
    op = rnd(9)
    k = rnd(300)
    if op <= 2:
        d[k] = step
    elif op == 3:
        if k in d:
            del d[k]
    elif op == 4:
        try:
            d.move_to_end(k)
        except KeyError:
            log.append('mk')
    elif op == 5:
        try:
            d.move_to_end(k, last=False)
        except KeyError:
            log.append('mf')
    elif op == 6:
        if d:
            log.append(d.popitem(last=rnd(2) == 0))
    elif op == 7:
        d.setdefault(k, -step)
    else:
        log.append(d.pop(k, None))
    if step % 500 == 0:
        print(step, len(d), list(d)[:8], list(reversed(d))[:4])
print(len(log), log[-10:], hash(tuple(d.items())) == hash(tuple(list(d.items()))))
print(list(d.items())[:20])

# draining from the front and from the back
q = OD((i, str(i)) for i in range(20000))
for i in range(0, 20000, 7):
    q.move_to_end(i)
front = [q.popitem(last=False)[0] for _ in range(15000)]
print(front[:5], front[-5:], len(q), next(iter(q)), next(reversed(q)))
q.move_to_end(next(reversed(q)), last=False)
print(list(q)[:3], list(q)[-3:])
while q:
    q.popitem()
print(q, len(q))
q['a'] = 1
q.move_to_end('a', last=False)
q.move_to_end('a')
print(q, q == OD(a=1))

# a plain dict: popitem after deletions at the end, then inserts
p = {i: i for i in range(50)}
for i in range(40, 50):
    del p[i]
print([p.popitem() for _ in range(3)], len(p))
p['x'] = 1
p[45] = 2
print(list(p)[-4:], p.popitem(), list(p)[-2:])
