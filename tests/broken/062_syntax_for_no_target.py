for in range(3):
    pass
