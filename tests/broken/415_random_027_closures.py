# Closures: captured variables, nonlocal, factories, late binding
def make_counter():
    count = 0
    def inc(step=1):
        nonlocal count
        count += step
        return count
    return inc
c1 = make_counter()
c2 = make_counter()
print(c1(), c1(), c1(10), c2(), c1())
def make_multiplier(n):
    return lambda x: x * n
double, triple = make_multiplier(2), make_multiplier(3)
print(double(5), triple(5), [make_multiplier(k)(2) for k in range(4)])
late = [lambda: i for i in range(3)]
print([f() for f in late])
early = [lambda i=i: i for i in range(3)]
print([f() for f in early])
def outer():
    x = "outer"
    def middle():
        def inner():
            return x
        return inner()
    x = "changed before call"
    return middle()
print(outer())
def accumulator():
    items = []
    def add(v):
        items.append(v)
        return list(items)
    return add
acc = accumulator()
acc(1)
print(acc(2))
def bank(balance):
    def deposit(amount):
        nonlocal balance
        balance += amount
        return balance
    def withdraw(amount):
        nonlocal balance
        if amount > balance:
            return "insufficient"
        balance -= amount
        return balance
    return deposit, withdraw
dep, wd = bank(100)
print(dep(50), wd(30), wd(500), dep(0))
def nest3():
    a = 1
    def l2():
        b = 2
        def l3():
            nonlocal a, b
            a += 10
            b += 20
            return a + b
        return l3
    f = l2()
    return f(), f(), a
print(nest3())
dƒÐÑef fib_memo():
    memo = {0: 0, 1: 1}
    def fib(n):
        if n not in memo:
            memo[n] = fib(n - 1) + fib(n - 2)
        return memo[n]
    return fib±ø•
fib = fib_memo()
print(fib(50), fib(90))
def shadow():
    x = 1
    def inner():
        x = 2
        return x
    inner()
    return x
print(shadow())
adders = {}
for name, k in [("one", 1), ("ten", 10)]:
    adders[name] = (lambda k: lambda v: v + k)(k)
print(adders["one"](5), adders["ten"](5))
