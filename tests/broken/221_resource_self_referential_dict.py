d = {}
d['me'] = d
print(d)
raise RuntimeError('end of program')
