x = = 1
y = 1
z = "abc
