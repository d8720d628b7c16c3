def f():
    return 1
# trailing comment without newline