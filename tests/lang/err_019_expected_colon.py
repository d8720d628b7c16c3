# SyntaxError: a missing colon
x = 3
if x > 1
    print("big")
