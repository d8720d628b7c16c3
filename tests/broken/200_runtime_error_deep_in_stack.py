def f(n):
    if n == 0:
        return {}['bottom']
    return f(n - 1)
f(50)
