elif True:
    pass
