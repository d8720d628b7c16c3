# yield in a class body
class A:
    yield 1
