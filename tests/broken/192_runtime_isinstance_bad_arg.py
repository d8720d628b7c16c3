print(isinstance(1, 'int'))
