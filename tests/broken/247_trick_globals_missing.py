g = globals()
print(g['not_defined_here'])
