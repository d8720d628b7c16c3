# Line structure: semicolons, one-line blocks, backslash continuation, implicit joining
a = 1; b = 2; c = a + b; print(a, b, c)
if c > 2: print("one-line if")
for i in range(3): print(i, end=" ")
print()
while a < 4: a += 1
print(a)
def one_liner(x): return x * 2
print(one_liner(21))
class Tiny: pass
print(type(Tiny()).__name__)
total = 1 + \
        2 + \
        3
print(total)
values = [
    1,
    2,
    3,  # trailing comma and comment
]
print(values)
result = (10
          + 20
          - 5)
print(result)
d = {
    "a": 1,
    "b": [
        2, 3,
    ],
}
print(d)
s = ("implicit "
     "string "
     'concatenation')
print(s)
t = """triple
quoted"""; print(t)
def f(
    x,
    y=2,
):
    return x + y
print(f(
    1,
))
x = [i
     for i in range(4)
     if i % 2 == 0]
print(x)
if (a > 0 and
        b > 0):
    print("multi-line condition")
print("semicolon at end");
pass; pass
   # an indented comment line is fine
print("tab-free", end="\n")
