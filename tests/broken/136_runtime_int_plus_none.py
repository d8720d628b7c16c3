x = None
print(1 + x)
