print('1'.zfill(10**13))
