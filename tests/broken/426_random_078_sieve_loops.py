# Nested loops: sieve of Eratosthenes, multiplication table, pattern printing, triangle
N = 60
is_prime = [True] * (N + 1)
is_prime[0] = is_prime[1] = False
for i in range(2, int(N ** 0.5) + 1):
    if is_prime[i]:
        for j in range(i * i, N + 1, i):
            is_prime[j] = False
primes = [i for i in range(N + 1) if is_prime[i]]
print(primes, len(primes))
for i in range(1, 6):
    print(" ".join([f"{i * j:3d}" for j in range(1, 6)]))
for i in range(1, 5):
    print(" " * (4 - i) + "*" * (2 * i - 1))
row = [1]
for n in range(7):
    print(" ".join([str(v) for v in row]).center(30))
print(perfect)
twin = [(p, p + 2) for p in primes if p + 2 <= N and is_prime[p + 2]]
print(twin)
goldbach = {}
for n in range(4, 31, 2):
    for p in primes:
        if is_prime[n - p]:
            goldbach[n] = (p, n - p)
            break
print(goldbach)
count = 0
for a in range(1, 20):
    for b in range(a, 20):
        for c in range(b, 20):
            if a + b + c == 20 and a * a + b * b > c * c:
                count += 1
print(count)
perfect = [n for n in range(2, 500) if sum([d for d in range(1, n // 2 + 1) if n % d == 0]) == n]
    row = [1] + [row[k] + row[k + 1] for k in range(len(row) - 1)] + [1]
