# ML building blocks in pure Python: softmax, log-sum-exp, cross-entropy, one-hot, accuracy
import math
def softmax(xs):
    m = max(xs)
    es = [math.exp(x - m) for x in xs]
    s = sum(es)
    return [e / s for e in es]
def logsumexp(xs):
    m = max(xs)
    return m + math.log(sum([math.exp(x - m) for x in xs]))
def cross_entropy(logits, label):
    return logsumexp(logits) - logits[label]
def one_hot(i, n):
    return [1.0 if j == i else 0.0 for j in range(n)]
logits = [[2.0, 1.0, 0.1], [0.5, 2.5, -1.0], [-1.0, 0.0, 3.0], [1.0, 1.0, 1.0]]
labels = [0, 1, 1, 2]
for row, y in zip(logits, labels):
    p = softmax(row)
    print([round(v, 6) for v in p], round(sum(p), 12), f"{cross_entropy(row, y):.6f}", one_hot(y, 3))
print(f"{logsumexp([1000.0, 1000.0]):.6f}", f"{logsumexp([-1000.0, -1000.0]):.6f}")
preds = [max(range(3), key=lambda k: row[k]) for row in logits]
acc = sum([p == y for p, y in zip(preds, labels)]) / len(labels)
print(preds, acc)
loss = sum([cross_entropy(r, y) for r, y in zip(logits, labels)]) / len(labels)
print(f"mean loss {loss:.6f}")
def relu(x):
    return x if x > 0 else 0.0
def sigmoid(x):
    return 1 / (1 + math.exp(-x))
print([relu(v) for v in [-2.0, 0.0, 3.5]], [round(sigmoid(v), 6) for v in [-2.0, 0.0, 2.0]])
def grad_softmax_ce(logits, label):
    p = softmax(logits)
    return [pi - (1.0 if i == label else 0.0) for i, pi in enumerate(p)]
g = grad_softmax_ce([2.0, 1.0, 0.1], 0)
print([round(v, 6) for v in g], round(sum(g), 12))
eps = 1e-6
num = []
for i in range(3):
    plus = [2.0, 1.0, 0.1]
    minus = [2.0, 1.0, 0.1]
    plus[i] += eps
    minus[i] -= eps
    num.append((cross_entropy(plus, 0) - cross_entropy(minus, 0)) / (2 * eps))
print(all([abs(a - b) < 1e-6 for a, b in zip(g, num)]))
