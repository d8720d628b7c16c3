match object():
    case object(a=1, a=2):
        pass
