# Data pipeline idioms: deterministic shuffle, train/test split, minibatches, normalisation
data = [(i, (i * 7) % 10, float(i % 3)) for i in range(23)]
state = 2024
def rand_below(n):
    global state
    state = (state * 1103515245 + 12345) % 2147483648
    return state % n
order = list(range(len(data)))
for i in range(len(order) - 1, 0, -1):
    j = rand_below(i + 1)
    order[i], order[j] = order[j], order[i]
print(order)
shuffled = [data[k] for k in order]
split = int(0.8 * len(shuffled))
train, test = shuffled[:split], shuffled[split:]
print(len(train), len(test), test[:2])
def batches(xs, size):
    return [xs[i:i + size] for i in range(0, len(xs), size)]
for b, batch in enumerate(batches(train, 5)):
    xs = [row[1] for row in batch]
    print(f"batch {b}: n={len(batch)} ids={[row[0] for row in batch]} mean_x={sum(xs) / len(xs):.2f}")
col = [row[1] for row in train]
mu = sum(col) / len(col)
sd = (sum([(v - mu) ** 2 for v in col]) / len(col)) ** 0.5
normed = [(v - mu) / sd for v in col]
print(f"mu={mu:.4f} sd={sd:.4f}", f"{sum(normed) / len(normed):.2e}" if abs(sum(normed)) > 1e-9 else "0 mean",
      round(sum([v * v for v in normed]) / len(normed), 6))
lo, hi = min(col), max(col)
print([round((v - lo) / (hi - lo), 3) for v in col[:6]])
labels = [int(row[2]) for row in train]
counts = {c: labels.count(c) for c in sorted(set(labels))}
print(counts, max(counts, key=counts.get))
epochs = 3
for ep in range(epochs):
    seen = 0
    for batch in batches(train, 8):
        seen += len(batch)
    print(f"epoch {ep + 1}/{epochs}: {seen} samples in {len(batches(train, 8))} batches")
