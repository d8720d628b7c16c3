# pickle: thousands of corrupted and truncated pickles load or raise an exception, never worse
import pickle
import random

rng = random.Random(1234)
seeds = [pickle.dumps(v, p) for p in (2, 3, 4) for v in
         [[1, 'two', 3.0, None, True], {'a': (1, 2), 'b': {3, 4}, 'c': b'xyz'}, ('t', ['u', frozenset([5])]),
          list(range(40)), {'k%d' % i: [i] * 3 for i in range(8)}]]
ok = 0
for trial in range(300):
    data = rng.choice(seeds)
    kind = rng.randrange(4)
    if kind == 1:
        data = data[:rng.randrange(len(data))]
    else:
        for _ in range(3 if kind == 3 else 1):
            i = rng.randrange(len(data))
            data = data[:i] + bytes([rng.randrange(256)]) + data[i + (kind != 2):]
    try:
        pickle.loads(data)
    except Exception:
        pass
    ok += 1
print('survived', ok)
