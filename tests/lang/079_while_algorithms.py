# while-loop algorithms: Euclid, binary search, Newton's sqrt, digit manipulation, bisection
def gcd(a, b):
    while b:
        a, b = b, a % b
    return a
print(gcd(1071, 462), gcd(17, 31), gcd(0, 5), gcd(2 ** 40, 6 ** 20))
def lcm(a, b):
    return a // gcd(a, b) * b
print(lcm(4, 6), lcm(21, 6), lcm(1, 1))
def bsearch(xs, t):
    lo, hi = 0, len(xs) - 1
    steps = 0
    while lo <= hi:
        steps += 1
        mid = (lo + hi) // 2
        if xs[mid] < t:
            lo = mid + 1
        elif xs[mid] > t:
            hi = mid - 1
        else:
            return mid, steps
    return -1, steps
xs = list(range(0, 1000, 7))
print(bsearch(xs, 343), bsearch(xs, 344), bsearch([], 1))
def newton_sqrt(a):
    x = a
    it = 0
    while abs(x * x - a) > 1e-12 * a:
        x = (x + a / x) / 2
        it += 1
    return x, it
print(newton_sqrt(2.0), newton_sqrt(1e6))
def reverse_digits(n):
    r = 0
    while n > 0:
        r = r * 10 + n % 10
        n //= 10
    return r
print(reverse_digits(12345), reverse_digits(1200), reverse_digits(7))
def digital_root(n):
    while n >= 10:
        n = sum([int(d) for d in str(n)])
    return n
print(digital_root(987654321), digital_root(5))
def bisect(f, lo, hi):
    while hi - lo > 1e-10:
        mid = (lo + hi) / 2
        if f(lo) * f(mid) <= 0:
            hi = mid
        else:
            lo = mid
    return round((lo + hi) / 2, 8)
print(bisect(lambda x: x ** 3 - 2, 0, 2), bisect(lambda x: x * x - 9, 0, 10))
n, fibs = 0, [0, 1]
while fibs[-1] < 1000:
    fibs.append(fibs[-1] + fibs[-2])
print(fibs)
balance, years = 1000.0, 0
while balance < 2000:
    balance *= 1.07
    years += 1
print(years, round(balance, 2))
