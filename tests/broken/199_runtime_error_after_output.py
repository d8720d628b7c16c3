for i in range(5):
    print('line', i)
print(1 / 0)
