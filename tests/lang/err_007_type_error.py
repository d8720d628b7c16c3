# Uncaught TypeError from a binary operation inside a function
def label(n):
    return "count: " + n

print(label("3"))
print(label(3))
