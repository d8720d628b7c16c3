s = {1, 2, 3}
for v in s:
    s.add(v + 10)
