n = int('twelve')
