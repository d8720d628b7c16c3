# iter()/next(), custom iterators and iterables, StopIteration, iterating dicts and strings
it = iter("abc")
print(next(it), next(it), next(it), next(it, "end"))
class Squares:
    def __init__(self, n):
        self.n = n
    def __iter__(self):
        return SquaresIter(self.n)
class SquaresIter:
    def __init__(self, n):
        self.i = 0
        self.n = n
    def __iter__(self):
        return self
    def __next__(self):
        if self.i >= self.n:
            raise StopIteration
        self.i += 1
        return self.i ** 2
sq = Squares(4)
print(list(sq), list(sq), sum(sq), max(sq), [v for v in sq if v % 2])
print(sorted(Squares(3), reverse=True), tuple(Squares(2)), 9 in Squares(3), 10 in Squares(3))
for a, b in zip(Squares(3), "xyz"):
    print(a, b)
print(dict(zip("abc", Squares(3))), list(enumerate(Squares(2))), list(map(str, Squares(3))))
class Fib:
    def __init__(self, limit):
        self.a, self.b, self.limit = 0, 1, limit
    def __iter__(self):
        return self
    def __next__(self):
        if self.a > self.limit:
            raise StopIteration
        v = self.a
        self.a, self.b = self.b, self.a + self.b
        return v
print(list(Fib(100)))
f = Fib(10)
print(next(f), next(f), next(f), list(f), list(f))
d = {"x": 1, "y": 2}
di = iter(d)
print(next(di), next(di))
print(list(iter(d.items())), list(iter(d.values())))
class Seq:
    def __len__(self):
        return 3
    def __getitem__(self, i):
        if i >= 3:
            raise IndexError
        return i * 10
print(list(Seq()), len(Seq()), [x for x in Seq()])
nums = [1, 2, 3, 4, 5]
it = iter(nums)
pairs = list(zip(it, it))
print(pairs)
try:
    next(iter([]))
except StopIteration as e:
    print("StopIteration", repr(e))
try:
    iter(5)
except TypeError as e:
    print("TypeError:", e)
