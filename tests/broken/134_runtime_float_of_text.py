x = float('1.2.3')
