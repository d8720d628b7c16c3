# A bare raise inside except re-raises the original exception with its traceback
def fetch(d, k):
    return d[k]

try:
    fetch({"a": 1}, "b")
except KeyError:
    print("logging the error, then re-raising")
    raise
