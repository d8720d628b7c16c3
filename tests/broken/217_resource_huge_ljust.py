print('a'.ljust(2**62))
