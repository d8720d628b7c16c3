s = 'ab
print(s)
