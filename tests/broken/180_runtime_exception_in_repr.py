class A:
    def __repr__(self):
        raise ValueError('repr failed')
print([A()])
