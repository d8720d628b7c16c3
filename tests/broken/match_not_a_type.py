match 1:
    case print():
        pass
