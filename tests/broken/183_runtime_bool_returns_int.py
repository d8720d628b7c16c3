class A:
    def __bool__(self):
        return 1
if A():
    pass
