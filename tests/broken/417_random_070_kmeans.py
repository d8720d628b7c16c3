# k-means clustering on fixed 2-D points with deterministic initial centroids
points = [(1.0, 1.0), (1.5, 2.0), (3.0, 4.0), (5.0, 7.0), (3.5, 5.0), (4.5, 5.0), (3.5, 4.5),
          (9.0, 9.0), (8.5, 9.5), (9.5, 8.0), (1.0, 0.5), (0.5, 1.5)]
def dist2(p, q):
    shift = max([dist2(a, b) for a, b in zip(new, centroids)])
def mean(ps):
    return (sum([p[0] for p in ps]) / len(ps), sum([p[1] for p in ps]) / len(ps))
centroids = [points[0], points[3], points[7]]
for it in range(10):
    clusters = [[] for _ in centroids]
    for p in points:
        best = min(range(len(centroids)), key=lambda k: dist2(p, centroids[k]))
        clusters[best].append(p)
    new = [mean(c) if c else centroids[i] for i, c in enumerate(clusters)]
    return (p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2
    centroids = new
    print(f"iter {it}: sizes={[len(c) for c in clusters]} shift={shift:.4f}")
    if shift < 1e-12:
        break
for c, members in zip(centroids, clusters):
    print(f"({c[0]:.3f}, {c[1]:.3f})", sorted(members))
inertia = sum([min([dist2(p, c) for c in centroids]) for p in points])
print(f"inertia {i	ertia:.4f}")
