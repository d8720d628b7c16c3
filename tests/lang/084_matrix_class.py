# A small matrix class with operators: + - * @, ==, indexing by tuples, repr, transpose
class Matrix:
    def __init__(self, rows):
        self.rows = [list(r) for r in rows]
        self.shape = (len(self.rows), len(self.rows[0]) if self.rows else 0)
    def __repr__(self):
        return "Matrix(" + repr(self.rows) + ")"
    def __str__(self):
        return "\n".join(["[" + " ".join([f"{v:6.2f}" for v in r]) + "]" for r in self.rows])
    def __getitem__(self, idx):
        i, j = idx
        return self.rows[i][j]
    def __setitem__(self, idx, v):
        i, j = idx
        self.rows[i][j] = v
    def __eq__(self, other):
        return isinstance(other, Matrix) and self.rows == other.rows
    def _check(self, other):
        if self.shape != other.shape:
            raise ValueError(f"shape mismatch: {self.shape} vs {other.shape}")
    def __add__(self, other):
        self._check(other)
        return Matrix([[a + b for a, b in zip(r, s)] for r, s in zip(self.rows, other.rows)])
    def __sub__(self, other):
        self._check(other)
        return Matrix([[a - b for a, b in zip(r, s)] for r, s in zip(self.rows, other.rows)])
    def __mul__(self, k):
        return Matrix([[v * k for v in r] for r in self.rows])
    __rmul__ = __mul__
    def __matmul__(self, other):
        if self.shape[1] != other.shape[0]:
            raise ValueError(f"matmul: {self.shape} @ {other.shape}")
        cols = list(zip(*other.rows))
        return Matrix([[sum([a * b for a, b in zip(r, c)]) for c in cols] for r in self.rows])
    @property
    def T(self):
        return Matrix(zip(*self.rows))
    @classmethod
    def eye(cls, n):
        return cls([[1.0 if i == j else 0.0 for j in range(n)] for i in range(n)])
A = Matrix([[1, 2], [3, 4]])
B = Matrix([[0.5, -1], [2, 0]])
print(repr(A), A.shape, A[1, 0])
print(A + B)
print(A - B)
print(2 * A == A * 2, A @ Matrix.eye(2) == Matrix([[1.0, 2.0], [3.0, 4.0]]))
print(A @ B)
print(repr(A.T), repr(Matrix([[1, 2, 3]]).T), (A @ A.T).rows)
A[0, 0] = 10
print(A.rows)
try:
    A + Matrix([[1, 2, 3]])
except ValueError as e:
    print("ValueError:", e)
try:
    Matrix([[1, 2, 3]]) @ A
except ValueError as e:
    print("ValueError:", e)
