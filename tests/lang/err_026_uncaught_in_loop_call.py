# The error is in a call nested inside an expression: the carets mark that call
def half(n):
    if n % 2:
        raise ValueError(f"{n} is odd")
    return n // 2

print([half(n) for n in [2, 4]])
total = half(8) + half(7) + half(6)
