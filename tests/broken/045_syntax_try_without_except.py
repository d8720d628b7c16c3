try:
    x = 1
print(x)
