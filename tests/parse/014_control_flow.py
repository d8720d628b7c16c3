if x:
    pass
elif y:
    pass
elif z:
    a = 1
else:
    b = 2

if x: y = 1
if a: b
else: c

while x > 0:
    x -= 1
    if x == 5:
        break
    if x == 7:
        continue
else:
    done = True

for i in range(10):
    print(i)
else:
    print("done")

for i, (a, b) in enumerate(pairs):
    pass

for x, in items:
    pass

for *a, b in items:
    pass

for x.attr in items:
    pass

for x[0] in items: pass

while True:
    if cond(): break

for i in 1, 2, 3:
    pass

for i in *a, *b:
    pass

if (n := len(a)) > 10:
    print(n)

while chunk := read():
    process(chunk)
