def f():
    pass
f().value
