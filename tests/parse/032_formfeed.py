x = 1

def f():
    return 1
y = 2
if x:
    z = 3
a = (1 +
	2)
b = [1,
 2]
