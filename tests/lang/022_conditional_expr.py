# Conditional expressions and if/elif/else chains
for n in [-5, 0, 3, 12, 100]:
    sign = "neg" if n < 0 else "zero" if n == 0 else "pos"
    size = "big" if abs(n) > 10 else "small"
    print(n, sign, size)
def classify(score):
    if score >= 90:
        return "A"
    elif score >= 80:
        return "B"
    elif score >= 70:
        return "C"
    else:
        return "F"
print([classify(s) for s in [95, 85, 75, 10, 90, 80]])
x = 5
y = 10 if x > 3 else 20
print(y, (1 if x else 2) + 1, [x if x > 2 else 0 for x in range(5)])
def fizz(i):
    return "FizzBuzz" if i % 15 == 0 else "Fizz" if i % 3 == 0 else "Buzz" if i % 5 == 0 else str(i)
print(" ".join([fizz(i) for i in range(1, 21)]))
if x > 3 and y:
    print("both")
if not x:
    print("never")
elif x == 5:
    print("five")
if x: print("one-line if")
if []:
    print("no")
else:
    print("empty list is false")
val = None
print("none" if val is None else val)
nested = 1
if nested > 0:
    if nested > 5:
        print("big")
    else:
        print("small positive")
t = (lambda v: "even" if v % 2 == 0 else "odd")
print(t(3), t(4))
a, b = 3, 7
print(a if a > b else b, max(a, b), (a > b) - (a < b))
