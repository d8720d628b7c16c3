# a wildcard in a non-final OR alternative of a non-final case
match 3:
    case 1 | _:
        pass
    case 2:
        pass
