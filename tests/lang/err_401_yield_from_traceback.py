# an error two generators deep, reached through yield from


def inner(d):
    yield d["a"]
    yield d["missing"]


def outer():
    yield from inner({"a": 1})


print(list(outer()))
