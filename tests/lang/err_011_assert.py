# A failing assert with a message
def check(x):
    assert x > 10, f"x too small: {x}"
    return x

print(check(11))
check(5)
