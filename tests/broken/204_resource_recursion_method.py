class A:
    def m(self):
        return self.m()
A().m()
