# heapq: push/pop/heapify/replace/pushpop, nlargest/nsmallest with key, merge, and errors
import heapq
from heapq import heappush, heappop, heapify, heapreplace, heappushpop

h = []
for v in [5, 3, 8, 1, 9, 2, 7, 3]:
    heappush(h, v)
print(h)
print([heappop(h) for _ in range(len(h))])
data = [9, 4, 7, 1, 0, 3, 8, 2, 6, 5]
heapify(data)
print(data)
print(heapreplace(data, 10), data)
print(heappushpop(data, -1), heappushpop(data, 4), data)
print(heappushpop([], 3))
t = []
for item in [(2, 'b'), (1, 'z'), (1, 'a'), (3, 'c')]:
    heappush(t, item)
print(t, heappop(t), heappop(t))
s = list('heapsort')
heapify(s)
print(''.join([heappop(s) for _ in range(len(s))]))

nums = [1, 8, 2, 23, 7, -4, 18, 23, 42, 37, 2]
print(heapq.nlargest(3, nums), heapq.nsmallest(3, nums))
print(heapq.nlargest(0, nums), heapq.nsmallest(-1, nums), heapq.nlargest(20, [3, 1, 2]))
print(heapq.nsmallest(1, nums), heapq.nlargest(1, nums), heapq.nsmallest(2, iter([5, 4, 3])))
rows = [{'n': 'a', 'p': 91.1}, {'n': 'b', 'p': 543.22}, {'n': 'c', 'p': 21.09},
        {'n': 'd', 'p': 31.75}, {'n': 'e', 'p': 16.35}, {'n': 'f', 'p': 91.1}]
print([r['n'] for r in heapq.nsmallest(3, rows, key=lambda r: r['p'])])
print([r['n'] for r in heapq.nlargest(3, rows, key=lambda r: r['p'])])
pairs = [(1, 'x'), (0, 'y'), (1, 'z'), (0, 'w')]
print(heapq.nsmallest(3, pairs, key=lambda p: p[0]), heapq.nlargest(3, pairs, key=lambda p: p[0]))

print(list(heapq.merge([1, 3, 5, 7], [0, 2, 4, 8], [5, 10, 15, 20], [], [25])))
print(list(heapq.merge()), list(heapq.merge([], [])), list(heapq.merge([2, 1])))
print(list(heapq.merge(['dog', 'horse'], ['cat', 'fish', 'kangaroo'], key=len)))
print(list(heapq.merge([7, 5, 1], [8, 2], reverse=True)))
print(list(heapq.merge([(1, 'a'), (2, 'a')], [(1, 'b'), (2, 'b')], key=lambda p: p[0])))
m = heapq.merge(iter([1, 4]), (2, 3))
print(next(m), next(m), list(m))

for f, args in [(heappop, ([],)), (heapreplace, ([], 1)), (heappop, ((1,),)), (heappushpop, ({}, 1)), (heappush, ((), 1)), (heapify, ((3, 1),)),
                (heappush, ([1], 'a'))]:
    try:
        f(*args)
    except Exception as e:
        print(f.__name__, type(e).__name__, e)
