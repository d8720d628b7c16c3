# a capture pattern before other cases makes them unreachable (compile-time SyntaxError)
def f(x):
    match x:
        case [a]:
            pass
        case other:
            pass
        case 1:
            pass
