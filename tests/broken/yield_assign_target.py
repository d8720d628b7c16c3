# assignment to a yield expression
def f():
    (yield) = 3
