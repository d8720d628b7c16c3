# Text histograms and simple statistics over a deterministic pseudo-random sample
seed = 12345
def rnd():
    global seed
    seed = (seed * 69069 + 1) % 4294967296
    return seed / 4294967296
sample = [round(sum([rnd() for _ in range(4)]) * 25) for _ in range(200)]
print(sample[:10], len(sample), min(sample), max(sample))
bins = {}
width = 10
for v in sample:
    b = v // width * width
    bins[b] = bins.get(b, 0) + 1
for b in sorted(bins):
    print(f"{b:3d}-{b + width - 1:3d} | {'#' * (bins[b] // 2):<30} {bins[b]}")
mean = sum(sample) / len(sample)
var = sum([(v - mean) ** 2 for v in sample]) / len(sample)
print(f"mean={mean:.3f} var={var:.3f} sd={var ** 0.5:.3f}")
s = sorted(sample)
q = [s[len(s) * k // 4] for k in range(1, 4)]
print("quartiles", q, "median", (s[99] + s[100]) / 2)
mode = max(sorted(set(sample)), key=sample.count)
print("mode", mode, sample.count(mode))
