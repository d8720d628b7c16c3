# Uncaught ZeroDivisionError at module level: the caret line marks the operator
values = [4, 2, 0]
for v in values:
    print("dividing by", v)
    print(10 / v)
