# thread_pingpong.py - thread switch cost: two threads hand a token back and forth over a Condition,
# N round trips (each round trip is two switches). Run under sable and CPython to compare:
#   bin/sable bench/thread_pingpong.py; python3 bench/thread_pingpong.py
import sys
import threading
import time

N = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
cond = threading.Condition()
turn = [0]


def player(me, rounds):
    for _ in range(rounds):
        with cond:
            while turn[0] != me:
                cond.wait()
            turn[0] = 1 - me
            cond.notify()


t0 = time.perf_counter()
a = threading.Thread(target=player, args=(0, N))
b = threading.Thread(target=player, args=(1, N))
a.start()
b.start()
a.join()
b.join()
dt = time.perf_counter() - t0
print("%d round trips: %.3f s, %.2f us per round trip" % (N, dt, dt / N * 1e6))
