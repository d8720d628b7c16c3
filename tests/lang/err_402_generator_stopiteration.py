# PEP 479: a StopIteration leaking out of a generator becomes RuntimeError


def firsts(lists):
    for l in lists:
        it = iter(l)
        yield next(it)


print(list(firsts([[1, 2], [3], []])))
