x = 1
[31mprint(x)
