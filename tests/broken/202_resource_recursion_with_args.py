def f(n):
    return f(n + 1) + 1
print(f(0))
