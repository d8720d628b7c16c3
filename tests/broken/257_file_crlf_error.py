x = 1
if x:
    print(x)
print(y)
