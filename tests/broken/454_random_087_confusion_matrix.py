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
acc = sum([cm[i][i] for i in range(k)]) / le