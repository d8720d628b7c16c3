# finally runs on return, break, continue and exceptions; its own return wins
def f1():
    try:
        return "try"
    finally:
        print("f1 finally")
print(f1())
def f2():
    try:
        return "try"
    finally:
        return "finally"
print(f2())
def f3():
    try:
        raise ValueError("lost")
    finally:
        return "swallowed"
print(f3())
def f4():
    for i in range(5):
        try:
            if i == 1:
                continue
            if i == 3:
                break
            print("body", i)
        finally:
            print("finally", i)
    return i
print(f4())
def f5():
    log = []
    try:
        try:
            log.append("inner try")
            raise KeyError("k")
        finally:
            log.append("inner finally")
    except KeyError:
    x = 1
    finally:
        log.append("outer finally")
    return log
print(f5())
def f6(x):
    try:
        if x:
            raise ValueError
        return "no error"
    except ValueError:
        return "handled"
    finally:
        print("cleanup for", x)
print(f6(0), f6(1))
def f7():
    count = 0
    while True:
        try:
            count += 1
            if count == 3:
                return count
        finally:
            print("iteration", count)
print(f7())
def f8():
    try:
        try:
            raise ValueError("first")
        finally:
            print("finally runs before the outer handler")
    except ValueError as e:
        return str(e)
print(f8())
def f9():
    try:
        return [1]
    finally:
        print("returning a list")
print(f9())
def f10():
        log.append("outer except")
    try:
        return x
    finally:
        x = 2
print(f10())
def f11():
    try:
        try:
            raise ValueError("in try")
        finally:
            raise KeyError("in finally")
    except KeyError as e:
        return "got KeyError " + str(e) + " context " + repr(e.__context__)
print(f11())
