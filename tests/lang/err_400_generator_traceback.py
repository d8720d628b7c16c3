# an uncaught error inside a generator: the traceback names the generator's line


def gen(n):
    for i in range(n):
        yield 10 // (2 - i)


for v in gen(5):
    print(v)
