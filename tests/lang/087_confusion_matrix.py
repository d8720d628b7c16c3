# Evaluation metrics by hand: confusion matrix, precision, recall, F1, a formatted table
y_true = [0, 1, 2, 2, 1, 0, 0, 2, 1, 1, 2, 0, 1, 2, 2]
y_pred = [0, 2, 2, 2, 1, 0, 1, 2, 1, 0, 1, 0, 1, 2, 0]
k = 3
cm = [[0] * k for _ in range(k)]
for t, p in zip(y_true, y_pred):
    cm[t][p] += 1
print("      " + "".join([f"p{j:<4}" for j in range(k)]))
for i in range(k):
    print(f"t{i}  " + "".join([f"{cm[i][j]:>4} " for j in range(k)]))
acc = sum([cm[i][i] for i in range(k)]) / len(y_true)
print(f"accuracy {acc:.4f}")
for c in range(k):
    tp = cm[c][c]
    fp = sum([cm[r][c] for r in range(k)]) - tp
    fn = sum(cm[c]) - tp
    prec = tp / (tp + fp) if tp + fp else 0.0
    rec = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * prec * rec / (prec + rec) if prec + rec else 0.0
    print(f"class {c}: precision={prec:.3f} recall={rec:.3f} f1={f1:.3f} support={sum(cm[c])}")
macro = sum([2 * cm[c][c] / (sum(cm[c]) + sum([cm[r][c] for r in range(k)])) for c in range(k)]) / k
print(f"macro F1 {macro:.4f}")
errors = [(i, t, p) for i, (t, p) in enumerate(zip(y_true, y_pred)) if t != p]
print(len(errors), errors[:3])
