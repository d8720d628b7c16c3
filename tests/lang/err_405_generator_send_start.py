# send() with a value before the generator has started


def acc():
    total = 0
    while True:
        total += yield total


a = acc()
print(a.send(None))
print(a.send(5))
b = acc()
b.send(5)
