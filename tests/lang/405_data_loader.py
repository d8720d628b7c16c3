# course-style data pipelines written with generators: batch iterators, epochs, shuffling with
# a seeded permutation, infinite streams, prefetch-style chaining, itertools-like helpers


def lcg_permutation(n, seed):
    state = seed
    idx = list(range(n))
    for i in range(n - 1, 0, -1):
        state = (state * 1103515245 + 12345) % (2 ** 31)
        j = state % (i + 1)
        idx[i], idx[j] = idx[j], idx[i]
    return idx


def batches(xs, ys, batch_size, shuffle=False, seed=0, drop_last=False):
    n = len(xs)
    order = lcg_permutation(n, seed) if shuffle else list(range(n))
    for start in range(0, n, batch_size):
        idx = order[start:start + batch_size]
        if drop_last and len(idx) < batch_size:
            return
        yield [xs[i] for i in idx], [ys[i] for i in idx]


xs = [[i, i * 0.5] for i in range(10)]
ys = [i % 3 for i in range(10)]
for bx, by in batches(xs, ys, 4):
    print(len(bx), bx[0], by)
for bx, by in batches(xs, ys, 4, shuffle=True, seed=42, drop_last=True):
    print(by)


class DataLoader:
    def __init__(self, xs, ys, batch_size, shuffle=True):
        self.xs, self.ys = xs, ys
        self.batch_size = batch_size
        self.shuffle = shuffle
        self.epoch = 0

    def __len__(self):
        return (len(self.xs) + self.batch_size - 1) // self.batch_size

    def __iter__(self):
        self.epoch += 1
        yield from batches(self.xs, self.ys, self.batch_size, self.shuffle, seed=self.epoch)


loader = DataLoader(xs, ys, 3)
print(len(loader))
for epoch in range(2):
    total = 0
    for step, (bx, by) in enumerate(loader):
        total += sum(by)
    print("epoch", loader.epoch, "steps", step + 1, "label sum", total)


# an infinite stream, sliced
def repeat_forever(loader):
    while True:
        yield from loader


def take(n, it):
    for i, x in enumerate(it):
        if i >= n:
            return
        yield x


print([by for _, by in take(5, repeat_forever(DataLoader(xs, ys, 4, shuffle=False)))])


# a pipeline of generator stages
def normalize(stream):
    for bx, by in stream:
        m = sum(r[0] for r in bx) / len(bx)
        yield [[r[0] - m, r[1]] for r in bx], by


def one_hot(stream, k):
    for bx, by in stream:
        yield bx, [[1 if c == y else 0 for c in range(k)] for y in by]


for bx, by in one_hot(normalize(batches(xs, ys, 5)), 3):
    print(bx[0], by[:2])


# a training loop with running averages, driven by send()
def running_mean():
    total, n = 0.0, 0
    avg = None
    while True:
        v = yield avg
        total += v
        n += 1
        avg = total / n


tracker = running_mean()
next(tracker)
for loss in [0.9, 0.7, 0.6, 0.4]:
    print(round(tracker.send(loss), 4))


# windows and pairs
def windows(seq, size):
    buf = []
    for x in seq:
        buf.append(x)
        if len(buf) == size:
            yield tuple(buf)
            buf.pop(0)


print(list(windows(range(6), 3)))


def pairwise(it):
    it = iter(it)
    prev = next(it, None)
    for x in it:
        yield prev, x
        prev = x


print(list(pairwise("abcd")))


# learning-rate schedule as a generator
def cosine_schedule(base, steps):
    import math
    for s in range(steps):
        yield base * 0.5 * (1 + math.cos(math.pi * s / steps))


print([round(lr, 5) for lr in cosine_schedule(0.1, 5)])

# a large stream consumed lazily
print(sum(len(bx) for bx, _ in batches(list(range(100000)), list(range(100000)), 256)))
