t = ()
for i in range(100000):
    t = (t,)
print(hash(t) is not None)
{t: 1}
raise RuntimeError('end of program')
