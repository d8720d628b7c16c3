print('start')
x = (1 + 2
y = 3
