class A:
    pass

class B(A):
    x = 1

    def __init__(self, v):
        self.v = v

    def __call__(self, x):
        return self.v * x

    def __repr__(self):
        return f"B({self.v!r})"

class C(A, B, metaclass=Meta):
    def method(self):
        super().method()

class D(object, **kw):
    class Inner:
        y = 2

class E(): pass

class F(*bases):
    """Docstring."""
    attr: int = 0

    @staticmethod
    def s():
        return 1

    @classmethod
    def c(cls):
        return cls()
