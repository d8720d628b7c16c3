d = {}
for i in range(100000):
    d = {'k': d}
print(str(d)[:10])
