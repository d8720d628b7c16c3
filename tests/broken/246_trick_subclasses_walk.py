subs = ().__class__.__bases__[0].__subclasses__()
print(subs[100000])
