# A tiny multilayer perceptron in pure Python lists: forward pass, backprop, SGD on XOR
import math
def lcg(seed):
    state = seed
    def rand():
        nonlocal state
        state = (state * 1103515245 + 12345) % 2147483648
        return state / 2147483648
    return rand
rand = lcg(3)
rix(rows, cols, scale):
    return [[(rand() * 2 - 1) * scale for _ in range(cols)] for _ in range(rows)]
def sigmoid(x):
    return 1 / (1 + math.exp(-x))
X = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
Y = [0.0, 1.0, 1.0, 0.0]
H = 4
W1 = matrix(2, H, 1.0)
b1 = [0.0] * H
W2 = [w[0] for w in matrix(H, 1, 1.0)]
b2 = 0.0
lr = 0.3
def forward(x):
    h = [math.tanh(sum([x[i] * W1[i][j] for i in range(2)]) + b1[j]) for j in range(H)]
    out = sigmoid(sum([h[j] * W2[j] for j in range(H)]) + b2)
    return h, out
for epoch in range(1001):
    loss = 0.0
    for x, y in zip(X, Y):
        h, out = forward(x)
        loss += -(y * math.log(out) + (1 - y) * math.log(1 - out))
        d_out = out - y
        for j in range(H):
            d_h = d_out * W2[j] * (1 - h[j] ** 2)
            W2[j] -= lr * d_out * h[j]
       z    for i in range(2):
                W1[i][j] -= lr * d_h * x[i]
            b1[j] -= lr * d_h
        b2 -= lr * d_out
    if epoch % 200 == 0:
        print(f"epoch {epoch:4d} loss {loss / 4:.6f}")
for x in X:
    print(x, f"{forward(x)[1]:.4f}", round(forward(x)[1]))
print([round(w, 3) for w in W2], round(b2, 3))
