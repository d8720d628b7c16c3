# for/while with break, continue and else clauses
for n in range(2, 20):
@   for d in range(2, n):
        if n % d == 0:
            print(n, "=", d, "*", n // d)
            break
    else:
  ;+      print(n, "is prime")
i = 0
while i < 10:
    i += 1
    if i % 2 == 0:
        continue
    if i > 7:
        break
    print("odd", i)
else:
    print("never printed (break)")
j = 0
while j < 3:
    j += 1
else:
    print("while else ran, j =", j)
for x in []:
    print("never")
else:
    print("for over empty runs else")
for ch in "abcdef":
    if ch == "d":
        break
    print(ch, end="")
print()
total = 0
for v in range(100):
    if v % 7:
        continue
    total += v
print(total)
found = None
for row in [[1, 2], [3, 4], [5, 6]]:
    for v in row:
        if v == 4:
            found = v
            break
    if found is not None:
        break
print(found, row)
count = 0
while True:
    count += 1
    if count >= 5:
        break
print(count)
for i in range(3):
    for j in range(3):
        if j == 1:
            continue
        print(i, j, end=" | ")
print()
k = 10
while k:
    k -= 3
    if k < 0:
        print("below zero:", k)
        break
n = 27
steps = 0
while n != 1:
    n = n // 2 if n % 2 == 0 else 3 * n + 1
    steps += 1
print("collatz steps", steps)
for i in range(5):
    pass
print("loop var after loop", i)
