# a BFS over a 200000-node grid graph with deque.popleft: linear time, as CPython's deque
from collections import deque

W, H = 500, 400
N = W * H

# a shallow graph (each node linked to three far-apart ones): the queue holds ~1e5 nodes
dist = [-1] * N
dist[0] = 0
q = deque([0])
pops = peak = 0
while q:
    if len(q) > peak:
        peak = len(q)
    v = q.popleft()
    pops += 1
    d = dist[v] + 1
    for u in ((v * 3 + 1) % N, (v * 7 + 5) % N, (v + N // 2 + 3) % N):
        if dist[u] < 0:
            dist[u] = d
            q.append(u)
print(pops, peak, max(dist), sum(dist), dist.count(-1))

# 0-1 BFS: appendleft for the free edges
cost = [-1] * N
dq = deque([(0, 0)])
while dq:
    c, v = dq.popleft()
    if cost[v] >= 0:
        continue
    cost[v] = c
    x, y = v % W, v // W
    if x + 1 < W:
        if (v * 7) % 3:
            dq.append((c + 1, v + 1))
        else:
            dq.appendleft((c, v + 1))
    if y + 1 < H:
        dq.append((c + 1, v + W))
print(max(cost), sum(cost))

# a sliding window of the last 1000 values, and a rotating buffer
win = deque(maxlen=1000)
s = 0
for i in range(200000):
    if len(win) == 1000:
        s -= win[0]
    win.append(i % 997)
    s += i % 997
print(s, sum(win), win[0], win[-1], len(win))
r = deque(range(1000))
for i in range(2000):
    r.rotate(i % 7 - 3)
print(r[0], r[500], r[-1])
