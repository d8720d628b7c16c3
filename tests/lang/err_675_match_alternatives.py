# alternatives must bind the same names
match (1, 2):
    case (x, 1) | (1, y):
        pass
