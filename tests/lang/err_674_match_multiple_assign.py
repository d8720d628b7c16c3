# the same name captured twice in one pattern
match (1, 2):
    case (x, [y, x]):
        pass
