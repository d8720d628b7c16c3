# __match_args__ too short: a TypeError at match time, with the pattern in the traceback
class P:
    __match_args__ = ("x",)
    def __init__(self):
        self.x = 1

def check(p):
    match p:
        case P(1, 2):
            return True

print("before")
check(P())
