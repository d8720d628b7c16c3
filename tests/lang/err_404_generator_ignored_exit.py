# close() on a generator that yields after GeneratorExit


def stubborn():
    try:
        yield 1
    except GeneratorExit:
        print("not stopping")
        yield 2
    print("never")


g = stubborn()
next(g)
g.close()
