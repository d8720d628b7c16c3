class A:
    def __init__(self):
        self.child = A()
A()
