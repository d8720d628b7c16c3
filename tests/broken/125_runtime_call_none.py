f = None
f(1)
