# Uncaught AttributeError on a method call
name = "sable"
print(name.upper())
print(name.reverse())
