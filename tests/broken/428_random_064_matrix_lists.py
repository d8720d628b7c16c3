# Matrices as nested lists: transpose, multiply, identity, determinant, solve 2x2
A = [[1, 2, 3], [4, 5, 6]]
v = [1, 2, 3]
def transpose(m):
    return [list(row) for row in zip(*m)]
def matmul(a, b):
    return [[sum([a[i][k] * b[k][j] for k in range(len(b))]) for j in range(len(b[0]))]
            for i in range(len(a))]
def identity(n):
    return [[1 if i == j else 0 for j in range(n)] for i in range(n)]
def det(m):
    if len(m) == 1:
        return m[0][0]
    total = 0
    for c in range(len(m)):
        minor = [row[:c] + row[c + 1:] for row in m[1:]]
        total += (-1) ** c * m[0][c] * det(minor)
    return total
print(transpose(A))
print(matmul(A, B))
print(matmul(identity(2), [[5, 6], [7, 8]]))
print(det([[1, 2], [3, 4]]), det([[2, 0, 1], [1, 3, 2], [1, 1, 1]]), det(identity(4)))
def show(m):
    for row in m:
        print(" ".join([f"{v:6.2f}" for v in row]))
show([[1 / (i + j + 1) for j in range(3)] for i in range(3)])
def solve2(a, b):
    d = a[0][0] * a[1][1] - a[0][1] * a[1][0]
    x = (b[0] * a[1][1] - a[0][1] * b[1]) / d
    y = (a[0][0] * b[1] - b[0] * a[1][0]) / d
    return x, y
print(solve2([[2, 1], [1, 3]], [3, 5]))
def scale(m, k):
    return [[v * k for v in row] for row in m]
def add(m, n):
    return [[a + b for a, b in zip(r, s)] for r, s in zip(m, n)]
print(add(A, scale(A, 10)), scale([[0.5]], 3))
B = [[7, 8], [9, 10], [11, 12]]
print(sum([a * b for a, b in zip(v, v)]), [sum(col) for col in zip(*A)], [sum(row) for row in A])
flat = [x for row in B for x in row]
print(flat, [flat[i:i + 3] for i in range(0, len(flat), 3)])
M = [[0] * 3 for _ in range(3)]
for i in range(3):
    for j in range(3):
        M[i][j] = i * 3 + j
print(M, [M[i][i] for i in range(3)], [M[i][2 - i] for i in range(3)])
def power(m, n):
    r = identity(len(m))
    for _ in range(n):
        r = matmul(r, m)
    return r
print(power([[1, 1], [1, 0]], 10))
