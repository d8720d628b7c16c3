# bisect: searches and insertions with lo, hi and key=, and the errors CPython raises
import bisect
from bisect import bisect_left, bisect_right, insort, insort_left, insort_right

a = [1, 2, 2, 2, 3, 5, 8]
for x in [0, 1, 2, 4, 8, 9]:
    print(x, bisect_left(a, x), bisect_right(a, x), bisect.bisect(a, x))
print(bisect_left(a, 2, 2), bisect_right(a, 2, 0, 3), bisect_left(a, 8, 1, 4), bisect_right(a, 0, 3))
print(bisect_left(a, 2, lo=4), bisect_right(a, 5, hi=2), bisect_left([], 3))
print(bisect_left(a, 2, 5, 2), bisect_right(a, 2, 0, None))

def grade(score, breakpoints=[60, 70, 80, 90], grades='FDCBA'):
    return grades[bisect.bisect(breakpoints, score)]
print([grade(s) for s in [33, 99, 77, 70, 89, 90, 100]])

recs = [('a', 1), ('b', 3), ('c', 3), ('d', 7)]
print(bisect_left(recs, 3, key=lambda r: r[1]), bisect_right(recs, 3, key=lambda r: r[1]))
print(bisect_left(recs, 4, 0, 2, key=lambda r: r[1]))

b = []
for v in [5, 1, 4, 1, 3, 9, 2]:
    insort(b, v)
print(b)
c = [1.0, 2.0]
insort_left(c, 2)
insort_right(c, 1)
print(c, [type(v).__name__ for v in c])
d = [10, 20, 30]
insort(d, 25, 0, 2)
print(d)
insort_left(d, 5, lo=1)
print(d)
e = list(recs)
insort(e, ('x', 3), key=lambda r: r[1])
insort_left(e, ('y', 3), key=lambda r: r[1])
insort(e, ('z', 0), key=lambda r: r[1])
print(e)
words = ['apple', 'Banana', 'cherry']
insort(words, 'banana', key=str.lower)
print(words)
s = 'acegi'
print(bisect_left(s, 'd'), bisect_right(s, 'i'))

try:
    bisect_left(a, 1, -1)
except ValueError as e:
    print(type(e).__name__, e)
try:
    insort(a, 1, -2)
except ValueError as e:
    print(type(e).__name__, e)
try:
    bisect_right([1, 'a'], 2)
except TypeError as e:
    print(type(e).__name__, e)
try:
    bisect_left(a, 2, 0, 100)
except IndexError as e:
    print(type(e).__name__, e)
