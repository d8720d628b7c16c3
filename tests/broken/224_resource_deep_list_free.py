x = []
for i in range(1000000):
    x = [x]
del x
raise RuntimeError('end of program')
