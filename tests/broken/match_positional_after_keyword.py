match object():
    case object(a=1, 2):
        pass
