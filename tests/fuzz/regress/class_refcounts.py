# Found by tests/suites/fuzz_programs.py: arithmetic on an int subclass holding a big int freed
# the big int (a borrowed value released as owned: use-after-free), and an __init__ returning
# a non-None object had that object's type name read after it was freed.
class MyInt(int):
    pass


class MyFloat(float):
    pass


a = MyInt(2**70)
for _ in range(3):
    print(a + 1, 1 + a, a * 2, -a, a // 3, a % 7, abs(MyInt(-2**80)), a == 2**70, a > 5)
b = MyInt(1e308)
print(b - b, b // 10**300, type(b + 1).__name__)
try:
    print(float("inf") + b)
except OverflowError as e:
    print("OverflowError", e)
print(MyFloat(2.5) * MyInt(2**65), MyInt(10**30) + MyFloat(0.5))


class Bad:
    def __init__(self, kind):
        self.kind = kind
        if kind == 0:
            return [1, 2, 3]
        if kind == 1:
            return "s" * 100
        if kind == 2:
            return 10**40


for k in range(4):
    try:
        print(type(Bad(k)).__name__)
    except TypeError as e:
        print("TypeError", e)
