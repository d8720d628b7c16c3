# An element's __repr__ that changes the list being printed: the repr stops at the new end.
class Clear:
    def __init__(self, target): self.target = target
    def __repr__(self):
        self.target.clear()
        return 'C'

L = [1, 2, 3]
L.append(Clear(L))
L.extend([4, 5, 6])
print(repr(L))
print(L)

class Pop:
    def __init__(self, target): self.target = target
    def __repr__(self):
        if self.target: self.target.pop()
        return 'P'

M = [Pop(None), 1, 2, 3]
M[0].target = M
print(M)
print(M)

# a list inside a tuple inside a list, cleared from within
inner = [7, 8]
inner.append(Clear(inner))
inner.append(9)
print((inner, 10))
print(inner)

# str() goes the same way
N = [0]
N.append(Clear(N))
N.extend(range(5))
print(str(N), N)

# dict and set reprs keep the key alive while it prints
class Drop:
    def __init__(self, d): self.d = d
    def __repr__(self):
        self.d.clear()
        return 'D'
    def __hash__(self): return 7
D = {}
D[Drop(D)] = 1
print(repr(D))
print(D)
S = set()
class DropS:
    def __repr__(self):
        S.clear()
        return 'S'
S.add(DropS())
print(S)
print(S)
