a = [1]
a.remove(2)
