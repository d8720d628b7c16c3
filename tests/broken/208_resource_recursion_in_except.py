def f():
    try:
        return f()
    except ZeroDivisionError:
        return 0
f()
