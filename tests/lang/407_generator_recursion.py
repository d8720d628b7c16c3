# deep recursion inside generator bodies ends in RecursionError, never a crash; deep chains of
# suspended generators work
import sys


def runaway():
    def r(n):
        return r(n + 1)
    yield r(0)


try:
    next(runaway())
except RecursionError as e:
    print("1", e)


def endless(n):
    yield n
    yield from endless(n + 1)


last = None
try:
    for last in endless(0):
        pass
except RecursionError as e:
    print("2", e, last > 900)

sys.setrecursionlimit(100000)
try:
    next(runaway())
except RecursionError as e:
    print("3", e)


def chain(n):
    if n == 0:
        yield 0
        return "bottom"
    r = yield from chain(n - 1)
    return r


g = chain(3000)
print(next(g))
try:
    next(g)
except StopIteration as e:
    print("returned", e.value)


def tree(depth):
    if depth == 0:
        yield 1
        return
    yield from tree(depth - 1)
    yield from tree(depth - 1)


print(sum(tree(12)))
sys.setrecursionlimit(1000)
print("still fine", list(endless.__name__))
