name = 'sable
print(name)
