with open('x') as :
    pass
