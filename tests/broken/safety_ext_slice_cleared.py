# The iterable assigned to an extended slice empties the list first: the slice is measured
# again and no longer fits (CPython 3.11 writes past the end here).
class Src:
    def __init__(self, target): self.target, self.i = target, 0
    def __iter__(self): return self
    def __next__(self):
        self.i += 1
        if self.i == 2: self.target.clear()
        if self.i > 5: raise StopIteration
        return self.i

L = list(range(10))
L[::2] = Src(L)
print(L)
