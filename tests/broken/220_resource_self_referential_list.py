a = [1]
a.append(a)
print(a)
print(len(str(a)))
raise RuntimeError('end of program')
