match [1, 2, 3]:
    case [*a, 2, *b]:
        pass
