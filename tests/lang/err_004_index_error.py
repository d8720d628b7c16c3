# Uncaught IndexError from a subscript
items = [10, 20, 30]
print(items[2])
value = items[3] * 2
