print('total: ' + 5)
