class A:
    def f(self):
        return super().f()
A().f()
