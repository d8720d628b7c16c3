# IndentationError: unindent does not match any outer indentation level
def f():
        x = 1
    return x
