class A:
    @property
    def x(self):
        return self.x
print(A().x)
