class A:
    pass
A.__dict__['x'] = 1
