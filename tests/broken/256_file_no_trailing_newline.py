x = 1
print(x / 0)