# The iterable assigned into a slice changes the list while it is being read.
class Src:
    def __init__(self, target, items, action):
        self.target, self.items, self.action, self.i = target, items, action, 0
    def __iter__(self): return self
    def __next__(self):
        if self.i == 1: self.action(self.target)
        if self.i >= len(self.items): raise StopIteration
        self.i += 1
        return self.items[self.i - 1]

def attempt(label, fn):
    try:
        print(label, fn())
    except (IndexError, ValueError) as e:
        print(label, type(e).__name__, e)

def run(label, start, stop, step, items, action):
    L = list(range(10))
    def go():
        L[start:stop:step] = Src(L, items, action)
        return L
    attempt(label, go)

def shrink6(t):
    del t[0:6]

run('clear', 2, 5, None, [1, 2], lambda t: t.clear())
run('clear-empty', 2, 5, None, [], lambda t: t.clear())
run('grow', 8, None, None, [1], lambda t: t.extend(range(100, 103)))
run('shrink', 3, 8, None, ['a', 'b', 'c'], shrink6)
run('neg', -4, -1, None, 'xy', lambda t: t.clear())
run('ext-same', 0, None, 2, 'abcde', lambda t: t.reverse())
run('ext-grow', 1, None, 3, 'abc', lambda t: t.extend([0] * 3))

# the list assigned into itself
L = [1, 2, 3]
L[1:2] = L
print(L)
L = [1, 2, 3, 4]
L[::-1] = L
print(L)
