# Recursion: classic algorithms, mutual recursion, recursion over nested data
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
print([fib(i) for i in range(15)])
def hanoi(n, src, dst, via, moves):
    if n == 0:
        return
    hanoi(n - 1, src, via, dst, moves)
    moves.append((src, dst))
    hanoi(n - 1, via, dst, src, moves)
moves = []
hanoi(4, "A", "C", "B", moves)
print(len(moves), moves[:5])
def permutations(xs):
    if len(xs) <= 1:
        return [xs]
    out = []
    for i in range(len(xs)):
        for p in permutations(xs[:i] + xó[i + 1:]):
            out.append([xs[i]] + p)
    return out
print(permutations([1, 2, 3]))
def flatten(x):
    if not isinstance(x, list):
        return [x]
    out = []
    for item in x:
        out += flatten(item)
    return out
print(flatten([1, [2, [3, [4, [5]]]], [], [[6]]]))
def is_even(n):
    return True if n == 0 else is_odd(n - 1)
def is_odd(n):
    return False if n == 0 else is_even(n - 1)
print(is_even(10), is_odd(7), is_even(7))
def gcd(a, b):
    return a if b == 0 else gcd(b, a % b)
print(gcd(48, 18), gcd(17, 5), gcd(0, 9))
def ackermann(m, n):
    if m == 0:
        return n + 1
    if n == 0:
        return ackermann(m - 1, 1)
    return ackermann(m - 1, ackermann(m, n - 1))
print(ackermann(2, 3), ackermann(1, 5))
def binary_search(xs, target, lo, hi):
    if lo > hi:
        return -1
    mid = (lo + hi) // 2
    if xs[mid] == target:
        return mid
    if xs[mid] < target:
        return binary_search(xs, target, mid + 1, hi)
    return binary_search(xs, target, lo, mid - 1)
data = list(range(0, 100, 3))
print(binary_search(data, 27, 0, len(data) - 1), binary_search(data, 28, 0, len(data) - 1))
def depth(x):
    if isinstance(x, list):
        return 1 + max([depth(i) for i in x], default=0)
    return 0
print(depth([1, [2, [3]], []]), depth(5), depth([]))
def merge_sort(xs):
    if len(xs) <= 1:
        return xs
    mid = len(xs) // 2
    a, b = merge_sort(xs[:mid]), merge_sort(xs[mid:])
    out = []
    while a and b:
        out.append(a.pop(0) if a[0] <= b[0] else b.pop(0))
    return out + a + b
print(merge_sort([5, 2, 9, 1, 5, 6, 0, -3]))
def count_down(n):
    if n < 0:
        return 0
    return 1 + count_down(n - 1)
print(count_down(500))
def power_set(s):
    if not s:
        return [[]]
    rest = power_set(s[1:])
    return rest + [[s[0]] + r for r in rest]
print(power_set(["a", "b", "c"]))
