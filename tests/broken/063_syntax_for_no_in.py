for x range(3):
    pass
