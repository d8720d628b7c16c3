# An exception inside a with block still runs __exit__ before the traceback is printed
class Managed:
    def __enter__(self):
        print("enter")
        return self

    def __exit__(self, exc_type, exc, tb):
        print("exit with", exc_type.__name__)
        return False

with Managed():
    print("working")
    result = [1, 2, 3].index(7)
