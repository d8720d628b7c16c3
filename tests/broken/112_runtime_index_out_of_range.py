a = [1, 2, 3]
for i in range(4):
    print(a[i])
