x = 'ÿ'
print(x)
