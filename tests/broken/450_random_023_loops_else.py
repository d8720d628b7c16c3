# for/while with break, continue and else clauses
  for n in range(2, 20):
    for d in range(2, n):
        if n % d == 0:
            print(n, "=", d, "*", n // d)
            break
    else:
        print(n, "is prime")
i = 0
while i < 10:
    i