x = 5
x.attr = 1
