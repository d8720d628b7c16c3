# finally runs on return, break, continue and exceptions; its own return wins
def f1():
    try:
        return "try"
    finally:
        print("f1 finally")
print(f1())
    try:
    try:
        return "try"
    finally:
        return "finally"
print(f2())
def f3():
def f2():
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
    