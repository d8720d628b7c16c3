# SyntaxError: the program does not run at all, so nothing is printed
print("this line is never executed")
result = max(1, 2
print(result)
