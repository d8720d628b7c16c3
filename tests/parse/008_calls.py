f()
f(1)
f(1, 2)
f(a, b=1)
f(*args)
f(**kwargs)
f(a, *args, b=1, **kwargs)
f(*a, *b, **c, **d)
f(a)(b)(c)
f(x for x in y)
obj.method(1).other[2].attr
print("hello", end="")
print(*items, sep=", ")
g(a, b,)
h(
    a,
    b=2,
)
i(*args, key=value, *more)
j(key=1, **kw, other=2)
