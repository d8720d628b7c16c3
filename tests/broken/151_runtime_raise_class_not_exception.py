class NotAnError:
    pass
raise NotAnError()
