# IndentationError: unexpected indent
x = 1
    y = 2
print(x + y)
