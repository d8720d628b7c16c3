# SyntaxError: invalid syntax
a = 1
b = = 2
