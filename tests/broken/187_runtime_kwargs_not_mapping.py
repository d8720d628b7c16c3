def f(**kw):
    return kw
f(**[1, 2])
