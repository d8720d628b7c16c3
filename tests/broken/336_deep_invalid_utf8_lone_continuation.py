print('a')
€
